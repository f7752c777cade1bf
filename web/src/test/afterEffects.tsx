import { useEffect, useRef } from 'react';

/**
 * Shows `value` (as `data-testid="after-effects"`) only once the effects of the render that passed it
 * have run. Rendered after the components under test, it runs after theirs: a test that sees the value
 * knows they have reacted to that render, and can assert that they did nothing.
 */
export function AfterEffects({ value }: { value: string }) {
  const output = useRef<HTMLOutputElement>(null);
  useEffect(() => {
    if (output.current) output.current.textContent = value;
  }, [value]);
  return <output ref={output} data-testid="after-effects" />;
}
