import { ChevronUp, Loader2 } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { ChatMessage } from '../logic/messages';
import { shouldVirtualize } from '../logic/thread';
import { useVirtualRows } from '../state/useVirtualRows';

/** Within this distance of the bottom the list follows new messages. */
const STICK_DISTANCE_PX = 96;
/** Within this distance of the top, older messages load. */
const LOAD_OLDER_DISTANCE_PX = 48;

export interface MessageListProps {
  messages: readonly ChatMessage[];
  renderMessage: (message: ChatMessage) => ReactNode;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  /** Shown above the messages (the welcome card of an empty thread). */
  intro?: ReactNode;
}

/**
 * The conversation: scrolls, follows new messages unless the seller scrolled up, keeps its place
 * when older pages arrive above, and renders only what is visible once the thread is long.
 */
export function MessageList({ messages, renderMessage, hasOlder, loadingOlder, onLoadOlder, intro }: MessageListProps) {
  const container = useRef<HTMLDivElement | null>(null);
  // Also held in state: the virtual rows need the element itself, and a render once it exists.
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const attach = useCallback((node: HTMLDivElement | null) => {
    container.current = node;
    setScroller(node);
  }, []);
  const content = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const firstId = messages[0]?.id;
  const lastMessage = messages.at(-1);
  const virtual = shouldVirtualize(messages.length);
  // When older pages make the thread long enough for virtual rows, the rows start on the message the
  // seller was reading (adjusted while rendering, so the rows know it before they attach).
  const [shape, setShape] = useState({ count: messages.length, firstId });
  const [virtualStartId, setVirtualStartId] = useState<string | null>(null);
  if (shape.count !== messages.length || shape.firstId !== firstId) {
    setShape({ count: messages.length, firstId });
    if (virtual && !shouldVirtualize(shape.count) && shape.firstId && shape.firstId !== firstId) setVirtualStartId(shape.firstId);
  }
  // Starts empty so the first messages shown scroll into view.
  const previous = useRef<{ firstId?: string; lastId?: string; scrollHeight: number }>({ scrollHeight: 0 });

  useLayoutEffect(() => {
    const element = container.current;
    if (!element) return;
    const before = previous.current;
    if (before.firstId && firstId !== before.firstId && lastMessage?.id === before.lastId && !stick.current) {
      // Older messages arrived above: stay on what the seller was reading (virtual rows keep their place themselves).
      if (!virtual) element.scrollTop += element.scrollHeight - before.scrollHeight;
    } else if (lastMessage && lastMessage.id !== before.lastId && (stick.current || lastMessage.role === 'user')) {
      // A new message: follow it (always for the seller's own).
      stick.current = true;
      element.scrollTop = element.scrollHeight;
    }
    previous.current = { firstId, lastId: lastMessage?.id, scrollHeight: element.scrollHeight };
  });

  // Media and progress bars change the height without a new message: keep to the bottom while stuck.
  // (The browser's own scroll anchoring is off on the list: its adjustments would read as the seller scrolling away.)
  useEffect(() => {
    const element = container.current;
    const inner = content.current;
    if (!element || !inner || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (stick.current) element.scrollTop = element.scrollHeight;
    });
    observer.observe(inner);
    return () => observer.disconnect();
  }, []);

  return (
    <div
      ref={attach}
      role="log"
      aria-label="Conversation"
      aria-live="polite"
      tabIndex={0}
      onScroll={(event) => {
        const element = event.currentTarget;
        stick.current = element.scrollHeight - element.scrollTop - element.clientHeight < STICK_DISTANCE_PX;
        if (element.scrollTop < LOAD_OLDER_DISTANCE_PX && hasOlder && !loadingOlder) onLoadOlder();
      }}
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain [overflow-anchor:none] focus-visible:outline-offset-[-2px]"
    >
      <div ref={content} className="mx-auto flex w-full max-w-3xl flex-col px-3 py-4 sm:px-4">
        {hasOlder ? (
          <div className="flex justify-center pb-3">
            <button
              type="button"
              onClick={onLoadOlder}
              disabled={loadingOlder}
              className="inline-flex items-center gap-1.5 rounded-full bg-white px-3 py-1.5 text-xs font-medium text-slate-600 ring-1 ring-slate-200 transition hover:bg-slate-50 disabled:opacity-60"
            >
              {loadingOlder ? <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden /> : <ChevronUp className="h-3.5 w-3.5" aria-hidden />}
              Load earlier messages
            </button>
          </div>
        ) : null}
        {intro}
        {virtual ? (
          scroller ? (
            <VirtualMessages messages={messages} renderMessage={renderMessage} scroller={scroller} startId={virtualStartId} />
          ) : null
        ) : (
          <ol className="flex flex-col gap-5">
            {messages.map((message) => (
              <li key={message.id}>{renderMessage(message)}</li>
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}

/** Estimated height of a row before it has been measured. */
const ESTIMATED_ROW_PX = 180;

function VirtualMessages({
  messages,
  renderMessage,
  scroller,
  startId,
}: {
  messages: readonly ChatMessage[];
  renderMessage: (message: ChatMessage) => ReactNode;
  scroller: HTMLDivElement;
  /** The message to start on, else where the scroller already is. */
  startId: string | null;
}) {
  const list = useRef<HTMLOListElement>(null);
  const rows = useVirtualRows({
    count: messages.length,
    getScrollElement: () => scroller,
    estimateSize: () => ESTIMATED_ROW_PX,
    overscan: 8,
    getItemKey: (index) => messages[index]?.id ?? index,
    initialOffset: () => {
      const start = startId ? messages.findIndex((message) => message.id === startId) : -1;
      return start >= 0 && list.current ? list.current.offsetTop + start * ESTIMATED_ROW_PX : scroller.scrollTop;
    },
  });
  return (
    <ol ref={list} className="relative w-full" style={{ height: rows.totalSize }}>
      {rows.items.map((row) => {
        const message = messages[row.index];
        if (!message) return null;
        return (
          <li
            key={row.key}
            data-index={row.index}
            ref={rows.measureElement}
            className="absolute top-0 left-0 w-full pb-5"
            style={{ transform: `translateY(${row.start}px)` }}
          >
            {renderMessage(message)}
          </li>
        );
      })}
    </ol>
  );
}
