import type { QueryClient } from '@tanstack/react-query';
import { isStoryboardKey, queryKeys } from '@/api/queryKeys';
import type { CreditBalance } from '@/api/types';
import { createSeenIds, jobOutcomeStore, jobProgressStore, type JobOutcomeStore, type JobProgressStore, type LiveEvent } from '@/lib/events';

export interface LiveEventHandlerOptions {
  store?: JobProgressStore;
  outcomes?: JobOutcomeStore;
  now?: () => number;
}

/**
 * Applies the live stream to the query caches: credits-changed patches the balance and refreshes the
 * ledger; job events feed the progress store, and completion refreshes the project's storyboard and the
 * balance; storyboard-updated refreshes that storyboard. Job events replayed after a reconnect are
 * handled once.
 */
export function createLiveEventHandler(client: QueryClient, options: LiveEventHandlerOptions = {}) {
  const store = options.store ?? jobProgressStore;
  const outcomes = options.outcomes ?? jobOutcomeStore;
  const now = options.now ?? Date.now;
  const seen = createSeenIds();
  const refreshStoryboard = (projectId: string | null) => {
    if (projectId) void client.invalidateQueries({ queryKey: queryKeys.storyboard(projectId) });
  };
  const refreshBalance = () => void client.invalidateQueries({ queryKey: queryKeys.credits });

  return (event: LiveEvent): void => {
    switch (event.type) {
      case 'credits-changed': {
        const { balance } = event.data;
        // The event is newer than any balance read still in flight: that read must not overwrite it.
        void client.cancelQueries({ queryKey: queryKeys.credits });
        client.setQueryData<CreditBalance>(queryKeys.credits, (old) => (old ? { ...old, balance } : old));
        void client.invalidateQueries({ queryKey: queryKeys.creditTransactionsAll });
        return;
      }
      case 'storyboard-updated':
        refreshStoryboard(event.data.project_id);
        return;
      case 'job-progress':
      case 'job-completed':
      case 'job-failed':
        break;
    }
    const data = event.data;
    if (data.event_id !== null && !seen.add(data.event_id)) return;
    switch (event.type) {
      case 'job-progress':
        store.dispatch({ type: 'progress', event: data, at: now() });
        return;
      case 'job-completed':
        store.dispatch({ type: 'finish', jobId: data.job_id });
        outcomes.record(data);
        refreshStoryboard(data.project_id);
        // Generated-media counts changed (and the balance, should a credits-changed have been missed).
        refreshBalance();
        return;
      case 'job-failed':
        store.dispatch({ type: 'finish', jobId: data.job_id });
        outcomes.record(data);
        // A failed job's credits are refunded.
        refreshBalance();
        return;
    }
  };
}

/**
 * After a fresh connection (the server may not have replayed what was missed), reload what the stream
 * would have kept fresh: the balance, the ledger and the storyboards.
 */
export function refreshAfterGap(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: queryKeys.credits });
  void client.invalidateQueries({ queryKey: queryKeys.creditTransactionsAll });
  void client.invalidateQueries({ predicate: (query) => isStoryboardKey(query.queryKey) });
}
