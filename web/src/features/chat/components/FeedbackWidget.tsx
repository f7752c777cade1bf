import * as RadioGroup from '@radix-ui/react-radio-group';
import { Check, ThumbsDown, ThumbsUp } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Modal } from '@/components/ui/Modal';
import { cn } from '@/lib/cn';
import { FEEDBACK_REASONS, validateFeedback, type FeedbackReason, type Reaction } from '../logic/feedback';

export interface FeedbackWidgetProps {
  /** The reaction already given on this message (then only "Thanks!" shows). */
  given: Reaction | undefined;
  sending: boolean;
  onPositive: () => void;
  onNegative: (reason: FeedbackReason, comment: string) => Promise<boolean>;
}

/** Thumbs up / down on a message's media; thumbs down asks what went wrong. */
export function FeedbackWidget({ given, sending, onPositive, onNegative }: FeedbackWidgetProps) {
  const [open, setOpen] = useState(false);
  if (given) {
    return (
      <p className="inline-flex items-center gap-1 text-xs font-medium text-emerald-700" role="status">
        <Check className="h-3.5 w-3.5" aria-hidden /> Thanks!
      </p>
    );
  }
  return (
    <div className="inline-flex items-center gap-0.5" role="group" aria-label="Rate this result">
      <button
        type="button"
        aria-label="Good result"
        title="Good result"
        disabled={sending}
        onClick={onPositive}
        className="inline-flex h-8 w-8 items-center justify-center rounded-lg text-slate-400 transition hover:bg-emerald-50 hover:text-emerald-600 disabled:opacity-50"
      >
        <ThumbsUp className="h-4 w-4" aria-hidden />
      </button>
      <button
        type="button"
        aria-label="Poor result"
        title="Poor result"
        disabled={sending}
        onClick={() => setOpen(true)}
        className="inline-flex h-8 w-8 items-center justify-center rounded-lg text-slate-400 transition hover:bg-rose-50 hover:text-rose-600 disabled:opacity-50"
      >
        <ThumbsDown className="h-4 w-4" aria-hidden />
      </button>
      {open ? <FeedbackDialog sending={sending} onClose={() => setOpen(false)} onSubmit={onNegative} /> : null}
    </div>
  );
}

function FeedbackDialog({ sending, onClose, onSubmit }: { sending: boolean; onClose: () => void; onSubmit: FeedbackWidgetProps['onNegative'] }) {
  const [reason, setReason] = useState<FeedbackReason | null>(null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const submit = async () => {
    const problem = validateFeedback('negative', reason);
    if (problem || !reason) {
      setError(problem);
      return;
    }
    if (await onSubmit(reason, comment)) onClose();
  };

  return (
    <Modal open onOpenChange={(next) => (next ? undefined : onClose())} title="What went wrong?" description="Your feedback steers the assistant's next brief.">
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <RadioGroup.Root
          value={reason ?? ''}
          onValueChange={(value) => {
            setReason(value as FeedbackReason);
            setError(null);
          }}
          aria-label="What went wrong?"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="grid grid-cols-1 gap-2 sm:grid-cols-2"
        >
          {FEEDBACK_REASONS.map((option) => (
            <label
              key={option.value}
              className={cn(
                'flex cursor-pointer items-center gap-2.5 rounded-xl px-3 py-2.5 text-sm ring-1 transition',
                reason === option.value ? 'bg-brand-50 text-brand-800 ring-brand-300' : 'text-slate-700 ring-slate-200 hover:bg-slate-50',
              )}
            >
              <RadioGroup.Item
                value={option.value}
                className="flex h-4 w-4 shrink-0 items-center justify-center rounded-full border border-slate-300 bg-white data-[state=checked]:border-brand-600"
              >
                <RadioGroup.Indicator className="h-2 w-2 rounded-full bg-brand-600" />
              </RadioGroup.Item>
              {option.label}
            </label>
          ))}
        </RadioGroup.Root>
        {error ? (
          <p id={`${id}-error`} role="alert" className="-mt-2 text-sm text-rose-600">
            {error}
          </p>
        ) : null}
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-comment`} className="text-sm font-medium text-slate-700">
            Comment <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <textarea
            id={`${id}-comment`}
            value={comment}
            rows={3}
            maxLength={1000}
            onChange={(event) => setComment(event.target.value)}
            placeholder="e.g. The label on the bottle is unreadable"
            className="w-full resize-none rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:ring-4 focus:ring-brand-100 focus:outline-none"
          />
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={sending}>
            Send feedback
          </Button>
        </div>
      </form>
    </Modal>
  );
}
