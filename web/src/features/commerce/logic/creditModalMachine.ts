/**
 * The credit purchase modal's state, shared by every tab of the browser through local storage so the
 * offer is shown once at a time and never in two tabs: idle → queued → showing → cooldown → idle.
 * Time, storage and timers are injected so the rules can be tested without a browser.
 */

export const MODAL_DELAY_MS = 2_000;
export const MODAL_COOLDOWN_MS = 10_000;
export const STALE_STATE_MS = 60_000;
export const READINESS_DELAY_MS = 5_000;
export const SESSION_GRACE_MS = 60_000;
export const LOW_CREDIT_REPEAT_MS = 120_000;
export const LOW_CREDIT_BALANCE_GAP = 10;
export const LOW_CREDIT_RECORD_EXPIRY_MS = 7 * 24 * 60 * 60 * 1000;

export const creditModalKeys = {
  state: 'studio:credit-modal:state',
  firstGenerationSeen: 'studio:credit-modal:first-generation-seen',
  lowCreditRecord: 'studio:credit-modal:low-credit',
  /** Kept per tab (session storage): when this browsing session began. */
  sessionStart: 'studio:credit-modal:session-start',
} as const;

export type ModalPhase = 'idle' | 'queued' | 'showing' | 'cooldown';
export type ModalType = 'first_generation' | 'low_credits' | 'none';

export interface ModalStateRecord {
  state: ModalPhase;
  type: ModalType;
  timestamp: number;
  instanceId: string;
}

export interface LowCreditRecord {
  timestamp: number;
  credits: number;
}

/** The part of the Web Storage API the machine uses. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface Clock {
  now(): number;
  /** Runs `fn` after `ms`; answers a function that cancels it. */
  schedule(fn: () => void, ms: number): () => void;
}

export interface CreditModalMachineOptions {
  instanceId: string;
  /** Shared by every tab (local storage). */
  shared: KeyValueStore;
  /** This tab's session (session storage). */
  session: KeyValueStore;
  clock: Clock;
  /** Called whenever what this tab shows changes: the modal type on screen, or null. */
  onChange?: (showing: ModalType | null) => void;
}

const IDLE: Omit<ModalStateRecord, 'timestamp' | 'instanceId'> = { state: 'idle', type: 'none' };

function parseJson(raw: string | null): unknown {
  if (raw === null) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

function safeGet(store: KeyValueStore, key: string): string | null {
  try {
    return store.getItem(key);
  } catch {
    return null;
  }
}

function safeSet(store: KeyValueStore, key: string, value: string | null): void {
  try {
    if (value === null) store.removeItem(key);
    else store.setItem(key, value);
  } catch {
    // Storage full or disabled: the modal then simply behaves per tab.
  }
}

const phases: readonly ModalPhase[] = ['idle', 'queued', 'showing', 'cooldown'];
const types: readonly ModalType[] = ['first_generation', 'low_credits', 'none'];

export function parseModalState(raw: string | null): ModalStateRecord | null {
  const value = parseJson(raw) as Partial<ModalStateRecord> | null;
  if (!value || typeof value !== 'object') return null;
  if (!phases.includes(value.state as ModalPhase) || !types.includes(value.type as ModalType)) return null;
  if (typeof value.timestamp !== 'number' || typeof value.instanceId !== 'string') return null;
  return value as ModalStateRecord;
}

export function parseLowCreditRecord(raw: string | null): LowCreditRecord | null {
  const value = parseJson(raw) as Partial<LowCreditRecord> | null;
  if (!value || typeof value.timestamp !== 'number' || typeof value.credits !== 'number') return null;
  return value as LowCreditRecord;
}

export interface FirstGenerationInput {
  now: number;
  /** When the page became ready (data loaded), or null while it is not. */
  readySince: number | null;
  generatedImages: number;
  generatedVideos: number;
  seen: boolean;
}

/** The first-generation offer: the page has been ready 5 s, something was generated, and it was never seen. */
export function firstGenerationDue(input: FirstGenerationInput): boolean {
  if (input.seen || input.readySince === null) return false;
  if (input.now - input.readySince < READINESS_DELAY_MS) return false;
  return input.generatedImages + input.generatedVideos > 0;
}

export interface LowCreditInput {
  now: number;
  balance: number;
  threshold: number;
  sessionStart: number;
  record: LowCreditRecord | null;
}

/**
 * The low-credit offer: below the threshold, not in the session's first minute, not within 120 s of the
 * last one, and not while the balance is within 10 credits of the one recorded at that display.
 */
export function lowCreditDue(input: LowCreditInput): boolean {
  if (input.balance >= input.threshold) return false;
  if (input.now - input.sessionStart < SESSION_GRACE_MS) return false;
  const record = input.record;
  if (record && input.now - record.timestamp < LOW_CREDIT_RECORD_EXPIRY_MS) {
    if (input.now - record.timestamp < LOW_CREDIT_REPEAT_MS) return false;
    if (Math.abs(input.balance - record.credits) < LOW_CREDIT_BALANCE_GAP) return false;
  }
  return true;
}

export class CreditModalMachine {
  private readonly options: CreditModalMachineOptions;
  private showing: ModalType | null = null;
  private readonly cancels = new Set<() => void>();

  constructor(options: CreditModalMachineOptions) {
    this.options = options;
  }

  get instanceId(): string {
    return this.options.instanceId;
  }

  /** What this tab shows now, or null. */
  get visible(): ModalType | null {
    return this.showing;
  }

  /**
   * Resets a left-over non-idle state older than 60 s (a tab closed mid-way), records the session's
   * start and drops a low-credit record older than 7 days.
   */
  start(): void {
    const now = this.options.clock.now();
    const stored = this.read();
    if (stored && stored.state !== 'idle' && now - stored.timestamp > STALE_STATE_MS) this.writeIdle();
    if (this.sessionStart() === null) safeSet(this.options.session, creditModalKeys.sessionStart, String(now));
    const record = this.lowCreditRecord();
    if (record && now - record.timestamp >= LOW_CREDIT_RECORD_EXPIRY_MS) safeSet(this.options.shared, creditModalKeys.lowCreditRecord, null);
  }

  /** Cancels this tab's timers (the tab goes away). */
  dispose(): void {
    for (const cancel of this.cancels) cancel();
    this.cancels.clear();
  }

  /** The shared state; an ended cooldown reads as idle. */
  current(): ModalStateRecord {
    const now = this.options.clock.now();
    const stored = this.read();
    if (!stored) return { ...IDLE, timestamp: now, instanceId: '' };
    if (stored.state === 'cooldown' && now - stored.timestamp >= MODAL_COOLDOWN_MS) return { ...IDLE, timestamp: stored.timestamp, instanceId: '' };
    return stored;
  }

  sessionStart(): number | null {
    const raw = safeGet(this.options.session, creditModalKeys.sessionStart);
    const value = raw === null ? NaN : Number(raw);
    return Number.isFinite(value) ? value : null;
  }

  firstGenerationSeen(): boolean {
    return safeGet(this.options.shared, creditModalKeys.firstGenerationSeen) !== null;
  }

  lowCreditRecord(): LowCreditRecord | null {
    return parseLowCreditRecord(safeGet(this.options.shared, creditModalKeys.lowCreditRecord));
  }

  /** Checks the first-generation trigger and queues the offer when it is due. */
  offerAfterFirstGeneration(input: Omit<FirstGenerationInput, 'now' | 'seen'>): boolean {
    const due = firstGenerationDue({ ...input, now: this.options.clock.now(), seen: this.firstGenerationSeen() });
    return due && this.enqueue('first_generation');
  }

  /** Checks the low-credit trigger and queues the offer when it is due; the display is recorded then. */
  offerOnLowCredits(balance: number, threshold: number): boolean {
    const now = this.options.clock.now();
    const due = lowCreditDue({ now, balance, threshold, sessionStart: this.sessionStart() ?? now, record: this.lowCreditRecord() });
    if (!due || !this.enqueue('low_credits')) return false;
    safeSet(this.options.shared, creditModalKeys.lowCreditRecord, JSON.stringify({ timestamp: now, credits: balance } satisfies LowCreditRecord));
    return true;
  }

  /**
   * idle → queued, only from idle. After 2 s the offer shows here if the shared state is still this
   * tab's queued one; another tab that queued in between has taken it over.
   */
  enqueue(type: Exclude<ModalType, 'none'>): boolean {
    if (this.current().state !== 'idle') return false;
    const queued: ModalStateRecord = { state: 'queued', type, timestamp: this.options.clock.now(), instanceId: this.instanceId };
    this.write(queued);
    this.later(() => this.promote(queued.timestamp), MODAL_DELAY_MS);
    return true;
  }

  /** showing → cooldown when the user closes the offer; the first-generation offer is not made again. */
  close(): void {
    this.leave();
  }

  /** showing → cooldown when a purchase sends the browser away (also from a tab not showing the offer). */
  startPurchaseRedirect(): void {
    this.leave(true);
  }

  /** Another tab changed the shared state (the `storage` event): follow it. */
  handleStorageChange(key: string | null): void {
    if (key !== null && key !== creditModalKeys.state) return;
    const stored = this.current();
    const mine = stored.state === 'showing' && stored.instanceId === this.instanceId;
    if (!mine && this.showing !== null) this.setShowing(null);
  }

  private promote(queuedAt: number): void {
    const stored = this.read();
    if (!stored || stored.state !== 'queued' || stored.instanceId !== this.instanceId || stored.timestamp !== queuedAt) return;
    this.write({ ...stored, state: 'showing', timestamp: this.options.clock.now() });
    this.setShowing(stored.type);
  }

  private leave(always = false): void {
    const stored = this.read();
    const mine = stored !== null && stored.state === 'showing' && stored.instanceId === this.instanceId;
    safeSet(this.options.shared, creditModalKeys.firstGenerationSeen, '1');
    if (mine || always) {
      const cooldown: ModalStateRecord = { state: 'cooldown', type: stored?.type ?? 'none', timestamp: this.options.clock.now(), instanceId: this.instanceId };
      this.write(cooldown);
      this.later(() => {
        const now = this.read();
        if (now && now.state === 'cooldown' && now.timestamp === cooldown.timestamp && now.instanceId === this.instanceId) this.writeIdle();
      }, MODAL_COOLDOWN_MS);
    }
    if (this.showing !== null) this.setShowing(null);
  }

  private later(fn: () => void, ms: number): void {
    const cancel = this.options.clock.schedule(() => {
      this.cancels.delete(cancel);
      fn();
    }, ms);
    this.cancels.add(cancel);
  }

  private setShowing(type: ModalType | null): void {
    this.showing = type;
    this.options.onChange?.(type);
  }

  private read(): ModalStateRecord | null {
    return parseModalState(safeGet(this.options.shared, creditModalKeys.state));
  }

  private write(record: ModalStateRecord): void {
    safeSet(this.options.shared, creditModalKeys.state, JSON.stringify(record));
  }

  private writeIdle(): void {
    this.write({ ...IDLE, timestamp: this.options.clock.now(), instanceId: this.instanceId });
  }
}
