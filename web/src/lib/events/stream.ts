import { useSyncExternalStore } from 'react';
import { reconnectDelay, RECONNECT_DELAYS_MS } from './backoff';
import { LIVE_EVENT_TYPES, parseLiveEvent, type LiveEvent } from './payloads';

/** `EventSource.CLOSED`, spelled out because jsdom (tests) has no EventSource. */
const CLOSED = 2;

export type StreamStatus = 'idle' | 'connecting' | 'open' | 'reconnecting';

/** The part of `EventSource` the wrapper uses, so tests can hand in a fake. */
export interface EventSourceLike {
  readonly readyState: number;
  /** Named SSE events carry a MessageEvent; `open` and `error` a plain Event. */
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
}

export interface EventStreamOptions<E> {
  url: string;
  /** The SSE event names to listen to. */
  types: readonly string[];
  /** An event name and its raw `data:` → a typed event, or null to ignore it. */
  parse: (type: string, data: string) => E | null;
  onEvent: (event: E, meta: { lastEventId: string }) => void;
  onStatus?: (status: StreamStatus) => void;
  /**
   * The stream is open again after a drop. `resumed` is true when the browser reconnected by itself
   * (it sends `Last-Event-ID`, so the server replays what was missed), false after a fresh
   * connection this wrapper made once the browser gave up.
   */
  onReconnected?: (info: { resumed: boolean }) => void;
  /**
   * The stream is open for the first time. What happened before it is not replayed, so data loaded
   * (or still loading) before now may already be stale.
   */
  onOpened?: () => void;
  /** The browser gave up on the stream (HTTP error, wrong content type, session ended…). */
  onClosed?: () => void;
  delays?: readonly number[];
  createEventSource?: (url: string) => EventSourceLike;
}

export interface EventStream {
  close: () => void;
}

/** `url` with `last_event_id`, for a fresh EventSource that cannot set the `Last-Event-ID` header itself. */
export function resumeUrl(url: string, lastEventId: string): string {
  if (!lastEventId) return url;
  const separator = url.includes('?') ? '&' : '?';
  return `${url}${separator}last_event_id=${encodeURIComponent(lastEventId)}`;
}

function defaultEventSource(url: string): EventSourceLike {
  return new EventSource(url);
}

/**
 * A typed EventSource that survives the browser giving up: while the browser retries by itself
 * (readyState CONNECTING) it waits; once the stream is CLOSED it opens a new one after 1 s, 2 s,
 * 5 s, … 30 s, resuming from the last event id it saw. `close()` stops everything.
 */
export function openEventStream<E>(options: EventStreamOptions<E>): EventStream {
  const create = options.createEventSource ?? defaultEventSource;
  const delays = options.delays ?? RECONNECT_DELAYS_MS;
  let source: EventSourceLike | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  let lastEventId = '';
  let dropped: 'none' | 'browser' | 'manual' = 'none';
  let stopped = false;
  let status: StreamStatus | null = null;

  const setStatus = (next: StreamStatus) => {
    if (next === status) return;
    status = next;
    options.onStatus?.(next);
  };

  const connect = () => {
    timer = null;
    if (stopped) return;
    const current = create(dropped === 'manual' ? resumeUrl(options.url, lastEventId) : options.url);
    source = current;
    setStatus(dropped === 'none' ? 'connecting' : 'reconnecting');

    for (const type of options.types) {
      current.addEventListener(type, (message: MessageEvent) => {
        if (stopped || source !== current) return;
        if (message.lastEventId) lastEventId = message.lastEventId;
        const data: unknown = message.data;
        const event = options.parse(type, typeof data === 'string' ? data : '');
        if (event !== null) options.onEvent(event, { lastEventId: message.lastEventId });
      });
    }
    current.addEventListener('open', () => {
      if (stopped || source !== current) return;
      attempt = 0;
      setStatus('open');
      if (dropped === 'none') options.onOpened?.();
      else options.onReconnected?.({ resumed: dropped === 'browser' });
      dropped = 'none';
    });
    current.addEventListener('error', () => {
      if (stopped || source !== current) return;
      if (current.readyState !== CLOSED) {
        // The browser reconnects by itself and sends Last-Event-ID.
        if (dropped === 'none') dropped = 'browser';
        setStatus('reconnecting');
        return;
      }
      current.close();
      source = null;
      dropped = 'manual';
      setStatus('reconnecting');
      options.onClosed?.();
      if (!stopped && timer === null) timer = setTimeout(connect, reconnectDelay(attempt++, delays));
    });
  };

  // Back online: no point waiting out the backoff.
  const online = () => {
    if (stopped || timer === null) return;
    clearTimeout(timer);
    connect();
  };
  if (typeof window !== 'undefined') window.addEventListener('online', online);

  connect();

  return {
    close: () => {
      if (stopped) return;
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      source?.close();
      source = null;
      if (typeof window !== 'undefined') window.removeEventListener('online', online);
      setStatus('idle');
    },
  };
}

export type LiveEventStreamOptions = Omit<EventStreamOptions<LiveEvent>, 'url' | 'types' | 'parse'> & { url?: string };

/** The signed-in user's `GET /api/events` (same origin; the session cookie authenticates). */
export function openLiveEvents(options: LiveEventStreamOptions): EventStream {
  return openEventStream<LiveEvent>({ url: '/api/events', types: LIVE_EVENT_TYPES, parse: parseLiveEvent, ...options });
}

/* The state of the app's stream, so data that the stream keeps fresh can poll only while it is down. */
let liveStatus: StreamStatus = 'idle';
const statusListeners = new Set<() => void>();

export const liveEventStatus = {
  get: (): StreamStatus => liveStatus,
  set: (next: StreamStatus) => {
    if (next === liveStatus) return;
    liveStatus = next;
    for (const listener of [...statusListeners]) listener();
  },
  subscribe: (listener: () => void) => {
    statusListeners.add(listener);
    return () => {
      statusListeners.delete(listener);
    };
  },
};

/** 'open' while the live stream delivers events; anything else means fall back to polling. */
export function useLiveEventStatus(): StreamStatus {
  return useSyncExternalStore(liveEventStatus.subscribe, liveEventStatus.get, liveEventStatus.get);
}
