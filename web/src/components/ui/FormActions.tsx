import type { ReactNode } from 'react';
import { Button } from './Button';
import { Spinner } from './Spinner';

export interface FormActionsProps {
  submitLabel: ReactNode;
  onCancel: () => void;
  /** While the form's request runs: both disabled, a spinner on submit. */
  busy: boolean;
  /** Submit is off (an invalid form). */
  disabled?: boolean;
}

/** A dialog form's Cancel and submit buttons, at its end. */
export function FormActions({ submitLabel, onCancel, busy, disabled = false }: FormActionsProps) {
  return (
    <div className="flex justify-end gap-2">
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" disabled={disabled || busy}>
        {busy ? <Spinner /> : null}
        {submitLabel}
      </Button>
    </div>
  );
}
