import { CLOSED, CONNECTING, FakeEventSource } from '@/test/fakeEventSource';
import { openEventStream, openLiveEvents, resumeUrl } from './stream';

const latest = () => FakeEventSource.latest();

const createEventSource = (url: string) => new FakeEventSource(url);

beforeEach(() => {
  FakeEventSource.reset();
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('resumeUrl', () => {
  it('adds the last event id as a query parameter', () => {
    expect(resumeUrl('/api/events', '')).toBe('/api/events');
    expect(resumeUrl('/api/events', '42')).toBe('/api/events?last_event_id=42');
    expect(resumeUrl('/api/events?x=1', 'a b')).toBe('/api/events?x=1&last_event_id=a%20b');
  });
});

describe('openLiveEvents', () => {
  it('opens /api/events and delivers parsed events, skipping malformed ones', () => {
    const onEvent = vi.fn();
    const statuses: string[] = [];
    const stream = openLiveEvents({ onEvent, onStatus: (s) => statuses.push(s), createEventSource });
    const source = latest();
    expect(source.url).toBe('/api/events');
    source.open();
    source.emit('credits-changed', { balance: 42 }, '7');
    source.emit('credits-changed', 'not json', '8');
    source.emit('job-progress', { job_id: 'j', project_id: 'p', progress: 5 }, '9');
    expect(onEvent).toHaveBeenCalledTimes(2);
    expect(onEvent).toHaveBeenNthCalledWith(1, { type: 'credits-changed', data: { balance: 42 } }, { lastEventId: '7' });
    expect(onEvent.mock.calls[1]?.[0]).toMatchObject({ type: 'job-progress', data: { job_id: 'j', progress: 5 } });
    stream.close();
    expect(source.closed).toBe(true);
    expect(statuses).toEqual(['connecting', 'open', 'idle']);
  });
});

describe('openEventStream', () => {
  const open = (extra: Partial<Parameters<typeof openEventStream<string>>[0]> = {}) =>
    openEventStream<string>({
      url: '/api/events',
      types: ['ping'],
      parse: (_type, data) => data,
      onEvent: () => undefined,
      createEventSource,
      ...extra,
    });

  it('says when it opens for the first time, and not again after a reconnect', () => {
    const onOpened = vi.fn();
    const onReconnected = vi.fn();
    open({ onOpened, onReconnected });
    latest().open();
    expect(onOpened).toHaveBeenCalledTimes(1);
    expect(onReconnected).not.toHaveBeenCalled();
    latest().fail(CONNECTING);
    latest().open();
    expect(onOpened).toHaveBeenCalledTimes(1);
    expect(onReconnected).toHaveBeenCalledTimes(1);
  });

  it('lets the browser retry by itself while CONNECTING', () => {
    const onReconnected = vi.fn();
    const onStatus = vi.fn();
    open({ onReconnected, onStatus });
    latest().open();
    latest().fail(CONNECTING);
    expect(onStatus).toHaveBeenLastCalledWith('reconnecting');
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.instances).toHaveLength(1);
    latest().open();
    expect(onReconnected).toHaveBeenCalledWith({ resumed: true });
    expect(onStatus).toHaveBeenLastCalledWith('open');
  });

  it('reopens a CLOSED stream after 1 s, 2 s, 5 s … 30 s, resuming from the last id', () => {
    const onClosed = vi.fn();
    const onReconnected = vi.fn();
    open({ onClosed, onReconnected });
    latest().open();
    latest().emit('ping', 'a', '41');

    const waits = [1000, 2000, 5000, 10000, 20000, 30000, 30000];
    for (const [i, wait] of waits.entries()) {
      latest().fail(CLOSED);
      expect(onClosed).toHaveBeenCalledTimes(i + 1);
      vi.advanceTimersByTime(wait - 1);
      expect(FakeEventSource.instances).toHaveLength(i + 1);
      vi.advanceTimersByTime(1);
      expect(FakeEventSource.instances).toHaveLength(i + 2);
      expect(latest().url).toBe('/api/events?last_event_id=41');
    }

    // A successful open resets the schedule.
    latest().open();
    expect(onReconnected).toHaveBeenCalledWith({ resumed: false });
    latest().fail(CLOSED);
    vi.advanceTimersByTime(1000);
    expect(FakeEventSource.instances).toHaveLength(waits.length + 2);
  });

  it('ignores events from a stream it replaced', () => {
    const onEvent = vi.fn();
    open({ onEvent });
    const first = latest();
    first.open();
    first.fail(CLOSED);
    vi.advanceTimersByTime(1000);
    first.emit('ping', 'stale');
    latest().emit('ping', 'fresh');
    expect(onEvent.mock.calls.map((call) => call[0])).toEqual(['fresh']);
  });

  it('reconnects at once when the browser comes back online', () => {
    open();
    latest().fail(CLOSED);
    latest().fail(CLOSED);
    expect(FakeEventSource.instances).toHaveLength(1);
    window.dispatchEvent(new Event('online'));
    expect(FakeEventSource.instances).toHaveLength(2);
  });

  it('stops for good on close, even with a reconnect pending', () => {
    const onEvent = vi.fn();
    const stream = open({ onEvent });
    latest().fail(CLOSED);
    stream.close();
    vi.advanceTimersByTime(120_000);
    window.dispatchEvent(new Event('online'));
    expect(FakeEventSource.instances).toHaveLength(1);
    stream.close();
  });
});
