import {
  creditModalKeys,
  CreditModalMachine,
  firstGenerationDue,
  lowCreditDue,
  LOW_CREDIT_RECORD_EXPIRY_MS,
  parseModalState,
  type Clock,
  type KeyValueStore,
  type ModalType,
} from './creditModalMachine';

class MemoryStore implements KeyValueStore {
  readonly values = new Map<string, string>();
  /** Every write, so a test can tell other tabs (the `storage` event). */
  onWrite: ((key: string) => void) | null = null;
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.values.set(key, value);
    this.onWrite?.(key);
  }
  removeItem(key: string) {
    this.values.delete(key);
    this.onWrite?.(key);
  }
}

/** A clock whose timers run only when the test advances it. */
class FakeClock implements Clock {
  time = 1_700_000_000_000;
  private timers: { at: number; fn: () => void; id: number }[] = [];
  private seq = 0;
  now = () => this.time;
  schedule = (fn: () => void, ms: number) => {
    const id = ++this.seq;
    this.timers.push({ at: this.time + ms, fn, id });
    return () => {
      this.timers = this.timers.filter((t) => t.id !== id);
    };
  };
  advance(ms: number) {
    const end = this.time + ms;
    for (;;) {
      const next = this.timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!next) break;
      this.timers = this.timers.filter((t) => t !== next);
      this.time = next.at;
      next.fn();
    }
    this.time = end;
  }
}

function tab(id: string, shared: KeyValueStore, clock: FakeClock, session: KeyValueStore = new MemoryStore()) {
  const shown: (ModalType | null)[] = [];
  const machine = new CreditModalMachine({ instanceId: id, shared, session, clock, onChange: (type) => shown.push(type) });
  machine.start();
  return { machine, shown };
}

const stateOf = (shared: MemoryStore) => parseModalState(shared.getItem(creditModalKeys.state));

describe('credit modal triggers', () => {
  const base = { now: 10_000, readySince: 0, generatedImages: 1, generatedVideos: 0, seen: false };

  it('offers after the first generation once the page has been ready 5 s, unless already seen', () => {
    expect(firstGenerationDue(base)).toBe(true);
    expect(firstGenerationDue({ ...base, now: 4_999 })).toBe(false);
    expect(firstGenerationDue({ ...base, readySince: null })).toBe(false);
    expect(firstGenerationDue({ ...base, generatedImages: 0 })).toBe(false);
    expect(firstGenerationDue({ ...base, generatedImages: 0, generatedVideos: 1 })).toBe(true);
    expect(firstGenerationDue({ ...base, seen: true })).toBe(false);
  });

  it('offers on low credits outside the session grace, the repeat interval and the balance gap', () => {
    const low = { now: 1_000_000, balance: 4, threshold: 10, sessionStart: 0, record: null };
    expect(lowCreditDue(low)).toBe(true);
    expect(lowCreditDue({ ...low, balance: 10 })).toBe(false);
    expect(lowCreditDue({ ...low, sessionStart: low.now - 59_999 })).toBe(false);
    expect(lowCreditDue({ ...low, sessionStart: low.now - 60_000 })).toBe(true);
    expect(lowCreditDue({ ...low, record: { timestamp: low.now - 119_999, credits: 40 } })).toBe(false);
    expect(lowCreditDue({ ...low, record: { timestamp: low.now - 120_000, credits: 14 } })).toBe(true);
    expect(lowCreditDue({ ...low, record: { timestamp: low.now - 120_000, credits: 13 } })).toBe(false);
    // A record older than 7 days no longer counts.
    expect(lowCreditDue({ ...low, now: LOW_CREDIT_RECORD_EXPIRY_MS + 1_000, record: { timestamp: 1_000, credits: 5 } })).toBe(true);
  });
});

describe('CreditModalMachine', () => {
  it('goes idle → queued → showing after 2 s → cooldown on close → idle after 10 s', () => {
    const clock = new FakeClock();
    const shared = new MemoryStore();
    const { machine, shown } = tab('a', shared, clock);
    expect(machine.enqueue('first_generation')).toBe(true);
    expect(stateOf(shared)).toMatchObject({ state: 'queued', type: 'first_generation', instanceId: 'a' });
    clock.advance(1_999);
    expect(machine.visible).toBeNull();
    clock.advance(1);
    expect(machine.visible).toBe('first_generation');
    expect(stateOf(shared)?.state).toBe('showing');
    // Only from idle.
    expect(machine.enqueue('low_credits')).toBe(false);
    machine.close();
    expect(shown).toEqual(['first_generation', null]);
    expect(stateOf(shared)?.state).toBe('cooldown');
    expect(machine.enqueue('low_credits')).toBe(false);
    clock.advance(9_999);
    expect(stateOf(shared)?.state).toBe('cooldown');
    clock.advance(1);
    expect(stateOf(shared)?.state).toBe('idle');
    expect(machine.enqueue('low_credits')).toBe(true);
  });

  it('sets the first-generation seen flag on close and on a purchase redirect, which suppresses that offer', () => {
    const clock = new FakeClock();
    const shared = new MemoryStore();
    const { machine } = tab('a', shared, clock);
    const ready = { readySince: clock.now() - 5_000, generatedImages: 1, generatedVideos: 0 };
    expect(machine.offerAfterFirstGeneration(ready)).toBe(true);
    clock.advance(2_000);
    machine.startPurchaseRedirect();
    expect(machine.firstGenerationSeen()).toBe(true);
    expect(stateOf(shared)?.state).toBe('cooldown');
    clock.advance(10_000);
    expect(machine.offerAfterFirstGeneration(ready)).toBe(false);
    expect(stateOf(shared)?.state).toBe('idle');
  });

  it('resets a stale non-idle state older than 60 s at start, and leaves a fresh one', () => {
    const clock = new FakeClock();
    const shared = new MemoryStore();
    shared.setItem(creditModalKeys.state, JSON.stringify({ state: 'showing', type: 'low_credits', timestamp: clock.now() - 60_001, instanceId: 'gone' }));
    tab('a', shared, clock);
    expect(stateOf(shared)?.state).toBe('idle');
    shared.setItem(creditModalKeys.state, JSON.stringify({ state: 'queued', type: 'low_credits', timestamp: clock.now() - 30_000, instanceId: 'other' }));
    const { machine } = tab('b', shared, clock);
    expect(stateOf(shared)?.state).toBe('queued');
    expect(machine.enqueue('first_generation')).toBe(false);
  });

  it('keeps the low-credit trigger quiet in the first minute of the session, records the display, then waits 120 s and a 10-credit gap', () => {
    const clock = new FakeClock();
    const shared = new MemoryStore();
    const { machine } = tab('a', shared, clock);
    expect(machine.offerOnLowCredits(5, 10)).toBe(false);
    clock.advance(60_000);
    expect(machine.offerOnLowCredits(5, 10)).toBe(true);
    expect(machine.lowCreditRecord()).toEqual({ timestamp: clock.now(), credits: 5 });
    clock.advance(2_000);
    machine.close();
    clock.advance(200_000);
    // Still within 10 credits of the recorded display.
    expect(machine.offerOnLowCredits(3, 10)).toBe(false);
    expect(machine.offerOnLowCredits(5, 20)).toBe(false);
    expect(machine.offerOnLowCredits(16, 20)).toBe(true);
  });

  it('drops a low-credit record older than 7 days at start', () => {
    const clock = new FakeClock();
    const shared = new MemoryStore();
    shared.setItem(creditModalKeys.lowCreditRecord, JSON.stringify({ timestamp: clock.now() - LOW_CREDIT_RECORD_EXPIRY_MS, credits: 5 }));
    const { machine } = tab('a', shared, clock);
    expect(machine.lowCreditRecord()).toBeNull();
    expect(shared.getItem(creditModalKeys.lowCreditRecord)).toBeNull();
  });

  it('keeps the session start per tab session and reuses it after a reload', () => {
    const clock = new FakeClock();
    const shared = new MemoryStore();
    const session = new MemoryStore();
    const first = tab('a', shared, clock, session).machine;
    const started = first.sessionStart();
    clock.advance(30_000);
    expect(tab('b', shared, clock, session).machine.sessionStart()).toBe(started);
    expect(tab('c', shared, clock).machine.sessionStart()).toBe(clock.now());
  });

  describe('two tabs over one local storage', () => {
    it('shows the offer in only one tab when both trigger at the same moment', () => {
      const clock = new FakeClock();
      const shared = new MemoryStore();
      const a = tab('a', shared, clock);
      const b = tab('b', shared, clock);
      expect(a.machine.enqueue('first_generation')).toBe(true);
      expect(b.machine.enqueue('first_generation')).toBe(false);
      clock.advance(2_000);
      expect(a.machine.visible).toBe('first_generation');
      expect(b.machine.visible).toBeNull();
      expect(b.shown).toEqual([]);
    });

    it('lets the last writer own the offer when both read idle before either wrote (a race)', () => {
      const clock = new FakeClock();
      const shared = new MemoryStore();
      // Tab b reads the state before tab a's write is visible to it, as across processes.
      let staleRead = true;
      const laggingView: KeyValueStore = {
        getItem: (key) => (key === creditModalKeys.state && staleRead ? ((staleRead = false), null) : shared.getItem(key)),
        setItem: (key, value) => shared.setItem(key, value),
        removeItem: (key) => shared.removeItem(key),
      };
      const a = tab('a', shared, clock);
      const b = tab('b', laggingView, clock);
      staleRead = true;
      expect(a.machine.enqueue('first_generation')).toBe(true);
      expect(b.machine.enqueue('low_credits')).toBe(true);
      clock.advance(2_000);
      expect([a.machine.visible, b.machine.visible]).toEqual([null, 'low_credits']);
      expect(stateOf(shared)).toMatchObject({ state: 'showing', instanceId: 'b' });
    });

    it('never shows the offer twice while it is open or cooling down in another tab', () => {
      const clock = new FakeClock();
      const shared = new MemoryStore();
      const a = tab('a', shared, clock);
      const b = tab('b', shared, clock);
      a.machine.enqueue('first_generation');
      clock.advance(2_000);
      clock.advance(30_000);
      expect(b.machine.enqueue('low_credits')).toBe(false);
      a.machine.close();
      clock.advance(5_000);
      expect(b.machine.enqueue('low_credits')).toBe(false);
      clock.advance(5_000);
      expect(b.machine.enqueue('low_credits')).toBe(true);
      clock.advance(2_000);
      expect(b.machine.visible).toBe('low_credits');
      expect(a.shown).toEqual(['first_generation', null]);
    });

    it('hides the offer when another tab starts a purchase redirect (storage event)', () => {
      const clock = new FakeClock();
      const shared = new MemoryStore();
      const a = tab('a', shared, clock);
      const b = tab('b', shared, clock);
      shared.onWrite = (key) => a.machine.handleStorageChange(key);
      a.machine.enqueue('low_credits');
      clock.advance(2_000);
      expect(a.machine.visible).toBe('low_credits');
      b.machine.startPurchaseRedirect();
      expect(a.machine.visible).toBeNull();
      expect(stateOf(shared)).toMatchObject({ state: 'cooldown', instanceId: 'b' });
    });

    it('does not promote a queued offer another tab has since replaced, even after its own delay', () => {
      const clock = new FakeClock();
      const shared = new MemoryStore();
      const a = tab('a', shared, clock);
      a.machine.enqueue('first_generation');
      // Tab a went away before its delay; the state was reset and tab b queued its own.
      shared.setItem(creditModalKeys.state, JSON.stringify({ state: 'queued', type: 'low_credits', timestamp: clock.now() + 1, instanceId: 'b' }));
      clock.advance(2_000);
      expect(a.machine.visible).toBeNull();
      expect(stateOf(shared)?.state).toBe('queued');
    });
  });
});
