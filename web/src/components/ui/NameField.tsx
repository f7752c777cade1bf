import { Field, type FieldProps } from './Field';

/** The name field of a create or rename dialog: focused with its text selected, at most 120 characters. */
export function NameField(props: Omit<FieldProps, 'maxLength' | 'autoFocus' | 'onFocus'>) {
  return <Field maxLength={120} autoFocus onFocus={(event) => event.currentTarget.select()} {...props} />;
}
