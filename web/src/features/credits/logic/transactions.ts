/** Ledger rows per page of /transactions. */
export const TRANSACTIONS_PER_PAGE = 20;

export const TRANSACTIONS_LOAD_FAILED = 'Failed to load transactions';

/** Why the balance changed. `generation` is a debit; `refund` returns a failed generation's credits. */
export type TransactionReason =
  'signup_grant' | 'admin_grant' | 'generation' | 'refund' | 'purchase' | 'subscription_grant' | 'subscription_renewal' | 'payment_reversal';

/** One ledger row of `GET /api/credits/transactions`. */
export interface CreditTransaction {
  id: string;
  /** Signed: negative for a debit. */
  delta: number;
  /** One of `TransactionReason`; an unknown reason from a newer server is kept as is. */
  reason: TransactionReason | (string & {});
  job_id: string | null;
  /** RFC 3339, UTC. */
  created_at: string;
  description: string | null;
}

/** `data` of `GET /api/credits/transactions?page&per_page`. */
export interface CreditTransactionsPage {
  transactions: CreditTransaction[];
  page: number;
  per_page: number;
  total: number;
}

/** The whole answer: `{status:"success", data}`. */
export interface CreditTransactionsBody {
  status: 'success';
  data: CreditTransactionsPage;
}

const reasonLabels: Record<TransactionReason, string> = {
  signup_grant: 'Welcome credits',
  admin_grant: 'Credits granted',
  generation: 'Generation',
  refund: 'Refund for a failed generation',
  purchase: 'Credit purchase',
  subscription_grant: 'Subscription',
  subscription_renewal: 'Subscription renewal',
  payment_reversal: 'Refunded payment',
};

/** The label of a reason; an unknown one is humanised ("gift_card" → "Gift card"). */
export function reasonLabel(reason: string): string {
  if (Object.hasOwn(reasonLabels, reason)) return reasonLabels[reason as TransactionReason];
  const words = reason.replace(/[_-]+/g, ' ').trim();
  if (!words) return 'Credit change';
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}

/** The server's description, or the reason's label when it sends none. */
export function describeTransaction(tx: Pick<CreditTransaction, 'reason' | 'description'>): string {
  const description = typeof tx.description === 'string' ? tx.description.trim() : '';
  return description || reasonLabel(tx.reason);
}

const MINUS = '\u2212';

/** "+100", "−5" (a true minus sign), "0". */
export function formatDelta(delta: number): string {
  const value = Number.isInteger(delta) ? String(Math.abs(delta)) : Math.abs(delta).toFixed(1);
  if (delta > 0) return `+${value}`;
  if (delta < 0) return `${MINUS}${value}`;
  return '0';
}

/** How to colour an amount: credit (green), debit, or neither. */
export function deltaTone(delta: number): 'credit' | 'debit' | 'neutral' {
  if (delta > 0) return 'credit';
  if (delta < 0) return 'debit';
  return 'neutral';
}

/** What a screen reader hears for an amount: "100 credits added", "5 credits spent". */
export function deltaLabel(delta: number): string {
  const amount = Math.abs(delta);
  const unit = amount === 1 ? 'credit' : 'credits';
  if (delta > 0) return `${amount} ${unit} added`;
  if (delta < 0) return `${amount} ${unit} spent`;
  return 'No change';
}

/** Date and time of a row in the viewer's locale and time zone (both overridable for tests). */
export function formatTransactionDate(iso: string, locale?: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
}

/** How many pages the ledger has; at least 1 so an empty ledger reads "Page 1 of 1". */
export function pageCount(total: number, perPage: number): number {
  if (!Number.isFinite(total) || total <= 0 || !Number.isFinite(perPage) || perPage <= 0) return 1;
  return Math.ceil(total / perPage);
}

/** The page asked for in the address (`?page=`), as a whole number from 1; anything else is 1. */
export function parsePageParam(raw: string | null): number {
  if (raw === null || !/^\d+$/.test(raw.trim())) return 1;
  const page = Number(raw.trim());
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** The address's search with `page` set (page 1 drops the parameter); other parameters are kept. */
export function withPageParam(current: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(current);
  if (page <= 1) next.delete('page');
  else next.set('page', String(page));
  return next;
}

/** "21–40 of 57"; "0 of 0" when empty. */
export function rangeLabel(page: number, perPage: number, total: number): string {
  if (total <= 0) return '0 of 0';
  const first = Math.min((page - 1) * perPage + 1, total);
  const last = Math.min(page * perPage, total);
  return `${first}\u2013${last} of ${total}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseTransaction(value: unknown): CreditTransaction | null {
  if (!isRecord(value)) return null;
  const { id, delta, reason, job_id, created_at, description } = value;
  if (typeof id !== 'string' || !id) return null;
  if (typeof delta !== 'number' || !Number.isFinite(delta)) return null;
  if (typeof reason !== 'string' || typeof created_at !== 'string') return null;
  return {
    id,
    delta,
    reason,
    job_id: typeof job_id === 'string' && job_id ? job_id : null,
    created_at,
    description: typeof description === 'string' ? description : null,
  };
}

/** Checks the answer's `data`; null when it is not a page of transactions. Malformed rows are dropped. */
export function parseTransactionsPage(body: unknown, requested: { page: number; perPage: number }): CreditTransactionsPage | null {
  if (!isRecord(body) || !isRecord(body.data)) return null;
  const { transactions, page, per_page, total } = body.data;
  if (!Array.isArray(transactions)) return null;
  const rows = transactions.map(parseTransaction).filter((tx): tx is CreditTransaction => tx !== null);
  const whole = (value: unknown, fallback: number, min: number) => (typeof value === 'number' && Number.isInteger(value) && value >= min ? value : fallback);
  return {
    transactions: rows,
    page: whole(page, requested.page, 1),
    per_page: whole(per_page, requested.perPage, 1),
    total: whole(total, rows.length, 0),
  };
}
