import type { EventSourceLike } from '@/lib/events';

export const CONNECTING = 0;
export const OPEN = 1;
export const CLOSED = 2;

/** A scriptable EventSource: tests open it, send named events and make it fail. */
export class FakeEventSource implements EventSourceLike {
  static instances: FakeEventSource[] = [];
  static readonly CONNECTING = CONNECTING;
  static readonly OPEN = OPEN;
  static readonly CLOSED = CLOSED;

  readyState = CONNECTING;
  closed = false;
  private listeners = new Map<string, ((event: MessageEvent) => void)[]>();

  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }

  static latest(): FakeEventSource {
    const source = FakeEventSource.instances.at(-1);
    if (!source) throw new Error('no EventSource opened');
    return source;
  }

  static reset(): void {
    FakeEventSource.instances = [];
  }

  addEventListener(type: string, listener: (event: MessageEvent) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close(): void {
    this.closed = true;
    this.readyState = CLOSED;
  }

  open(): void {
    this.readyState = OPEN;
    this.fire('open', new MessageEvent('open'));
  }

  emit(type: string, data: unknown, lastEventId = ''): void {
    this.fire(type, new MessageEvent(type, { data: typeof data === 'string' ? data : JSON.stringify(data), lastEventId }));
  }

  /** The browser retries by itself (CONNECTING) or gives up (CLOSED). */
  fail(readyState: number): void {
    this.readyState = readyState;
    this.fire('error', new MessageEvent('error'));
  }

  private fire(type: string, event: MessageEvent): void {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}
