/**
 * First-party analytics: named events with small properties, batched to POST /api/analytics/events.
 * Shared by every feature (page views, the purchase funnel, project and campaign actions).
 */
export type AnalyticsEventName =
  | 'page_view'
  | 'purchase_modal_view'
  | 'purchase_modal_cta_click'
  | 'purchase_modal_dismiss'
  | 'purchase_modal_view_all_plans'
  | 'checkout_start'
  | 'checkout_error'
  | 'checkout_complete'
  | 'signup_success'
  | 'project_created'
  | 'project_renamed'
  | 'scene_created'
  | 'scenes_reordered';

export interface AnalyticsEvent {
  name: AnalyticsEventName;
  properties: Record<string, string | number | boolean | null>;
  occurred_at: string;
}

/** Events sent together when they happen close to each other. */
const BATCH_DELAY_MS = 1_000;
const MAX_BATCH = 50;

let queue: AnalyticsEvent[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;

function flush(): void {
  timer = null;
  const batch = queue.slice(0, MAX_BATCH);
  queue = queue.slice(MAX_BATCH);
  if (queue.length > 0) timer = setTimeout(flush, 0);
  if (batch.length === 0) return;
  // Kept alive so a batch sent just before a redirect still arrives; a failed send is dropped, analytics
  // never disturbs the user.
  globalThis
    .fetch(new URL('/api/analytics/events', window.location.origin), {
      method: 'POST',
      credentials: 'same-origin',
      keepalive: true,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ events: batch }),
    })
    .catch(() => undefined);
}

/** POST /api/analytics/events, batched; `now` sends at once (before the browser leaves the page). */
export function track(name: AnalyticsEventName, properties: AnalyticsEvent['properties'] = {}, options: { now?: boolean } = {}): void {
  queue.push({ name, properties, occurred_at: new Date().toISOString() });
  if (options.now) {
    if (timer !== null) clearTimeout(timer);
    flush();
  } else if (timer === null) {
    timer = setTimeout(flush, BATCH_DELAY_MS);
  }
}

/** The path as a page name: ids become `:id`, so page views group by page, not by project. */
export function pageName(pathname: string): string {
  return pathname.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, ':id');
}
