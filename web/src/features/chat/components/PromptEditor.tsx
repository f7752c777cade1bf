import { Loader2, Sparkles } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { cn } from '@/lib/cn';
import { validateEditedPrompt } from '../logic/actions';
import type { VisualKind } from '../logic/messages';
import { creditsLabel } from '../logic/settings';

export interface PromptEditorProps {
  /** The prompt per kind the message has; the box starts on `type`. */
  prompts: Partial<Record<VisualKind, string>>;
  type: VisualKind;
  /** Credits per kind at the current settings. */
  costs: Record<VisualKind, number>;
  onSave: (type: VisualKind, prompt: string) => Promise<boolean>;
  onCancel: () => void;
}

/** The inline prompt edit box: change the brief's words, then generate from them. */
export function PromptEditor({ prompts, type: initialType, costs, onSave, onCancel }: PromptEditorProps) {
  const [type, setType] = useState<VisualKind>(initialType);
  const [drafts, setDrafts] = useState<Partial<Record<VisualKind, string>>>(prompts);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const kinds = (['image', 'video'] as const).filter((kind) => prompts[kind] !== undefined);
  const value = drafts[type] ?? '';

  useEffect(() => {
    const element = field.current;
    if (!element) return;
    element.focus();
    element.setSelectionRange(element.value.length, element.value.length);
  }, []);

  const save = async () => {
    const checked = validateEditedPrompt(value);
    if (!checked.ok) {
      setError(checked.error);
      field.current?.focus();
      return;
    }
    setError(null);
    setSaving(true);
    const done = await onSave(type, checked.value);
    // On success the box closes; on failure the owner closes it too (the edit reverts).
    if (!done) setSaving(false);
  };

  return (
    <form
      className="flex flex-col gap-2 rounded-xl bg-white p-3 ring-2 ring-brand-200"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !saving) {
          event.stopPropagation();
          onCancel();
        }
      }}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label htmlFor={id} className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
          Edit {type} prompt
        </label>
        {kinds.length > 1 ? (
          <div role="group" aria-label="Media type" className="inline-flex rounded-lg bg-slate-100 p-0.5">
            {kinds.map((kind) => (
              <button
                key={kind}
                type="button"
                aria-pressed={type === kind}
                disabled={saving}
                onClick={() => setType(kind)}
                className={cn(
                  'rounded-md px-2.5 py-1 text-xs font-medium capitalize transition',
                  type === kind ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
                )}
              >
                {kind}
              </button>
            ))}
          </div>
        ) : null}
      </div>
      <textarea
        ref={field}
        id={id}
        value={value}
        rows={4}
        disabled={saving}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          const next = event.target.value;
          setDrafts((all) => ({ ...all, [type]: next }));
          if (error) setError(null);
        }}
        className="w-full resize-y rounded-lg border border-slate-300 px-3 py-2 text-sm leading-relaxed text-slate-900 focus:border-brand-500 focus:ring-4 focus:ring-brand-100 focus:outline-none disabled:bg-slate-50"
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-rose-600">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-end gap-2">
        <Button size="sm" variant="ghost" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button size="sm" type="submit" disabled={saving}>
          {saving ? <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden /> : <Sparkles className="h-3.5 w-3.5" aria-hidden />}
          Save &amp; generate {type}
          <span className="rounded bg-brand-700 px-1.5 py-px text-[11px]">{creditsLabel(costs[type])}</span>
        </Button>
      </div>
    </form>
  );
}
