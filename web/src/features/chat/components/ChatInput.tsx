import { ArrowUp, Loader2 } from 'lucide-react';
import { forwardRef, useId, useImperativeHandle, useLayoutEffect, useRef } from 'react';
import { cn } from '@/lib/cn';

/** The input grows with its text up to this height, then scrolls. */
const INPUT_MAX_HEIGHT = 120;

export interface ChatInputHandle {
  focus: () => void;
}

export interface ChatInputProps {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  canSend: boolean;
  sending: boolean;
}

/** The message box: Enter sends, Shift+Enter starts a new line. */
export const ChatInput = forwardRef<ChatInputHandle, ChatInputProps>(function ChatInput({ value, onChange, onSend, canSend, sending }, ref) {
  const field = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  useImperativeHandle(ref, () => ({
    focus: () => {
      const element = field.current;
      if (!element) return;
      element.focus();
      element.setSelectionRange(element.value.length, element.value.length);
    },
  }));

  useLayoutEffect(() => {
    const element = field.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight, INPUT_MAX_HEIGHT)}px`;
  }, [value]);

  return (
    <form
      className="flex items-end gap-2 rounded-2xl bg-white p-1.5 pl-3 ring-1 ring-slate-300 transition focus-within:ring-2 focus-within:ring-brand-500"
      onSubmit={(event) => {
        event.preventDefault();
        if (canSend) onSend();
      }}
    >
      <label htmlFor={id} className="sr-only">
        Message
      </label>
      <textarea
        ref={field}
        id={id}
        value={value}
        rows={1}
        placeholder="Describe the shot you want…"
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
          event.preventDefault();
          if (canSend) onSend();
        }}
        style={{ maxHeight: INPUT_MAX_HEIGHT }}
        className="min-h-9 flex-1 resize-none self-center bg-transparent py-1.5 text-[15px] leading-6 text-slate-900 placeholder:text-slate-500 focus-visible:outline-none! sm:text-sm"
      />
      <button
        type="submit"
        aria-label="Send message"
        title="Send (Enter)"
        disabled={!canSend}
        className={cn(
          'inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-xl transition',
          canSend ? 'bg-brand-600 text-white shadow-sm hover:bg-brand-700' : sending ? 'bg-brand-500 text-white' : 'bg-slate-100 text-slate-400',
        )}
      >
        {sending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : <ArrowUp className="h-4 w-4" aria-hidden />}
      </button>
    </form>
  );
});
