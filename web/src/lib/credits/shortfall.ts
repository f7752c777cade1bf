import { useState, useSyncExternalStore } from 'react';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/queryKeys';
import { BROWSER_EVENTS, useBrowserEvent } from '@/lib/browserEvents';

/** Why an action costing `cost` credits cannot start with `balance`, or null when it can (or the balance is unknown). */
export function shortfallReason(cost: number, balance: number | null | undefined): string | null {
  if (balance === null || balance === undefined || cost <= balance) return null;
  const needs = `${cost} ${cost === 1 ? 'credit' : 'credits'}`;
  return `Needs ${needs} — you have ${balance}`;
}

/**
 * Why an action costing `cost` credits cannot start now ("Needs 5 credits — you have 3"), or null.
 * Reads the balance the credit badge keeps fresh straight from the cache: an observer of its own
 * (even one that never fetches) would replace the badge's query options — its fetch function and
 * its error toast — whenever it rendered last.
 */
export function useCreditShortfall(cost: number): string | null {
  const client = useQueryClient();
  const balance = useSyncExternalStore(
    (onChange) => client.getQueryCache().subscribe(onChange),
    () => client.getQueryData<{ balance?: number }>(queryKeys.credits)?.balance,
  );
  return shortfallReason(cost, balance);
}

/**
 * Refreshes the balance whenever the server refuses an action for want of credits (any 402): the
 * page believed it could pay, so the balance it shows is stale (spent in another tab, by a job, by
 * the operator). Returns, once a refusal happened, how many times the balance had been read by
 * then: only a later read is the real figure.
 */
export function useBalanceRefreshOnRefusal(): { readsBefore: number } | null {
  const client = useQueryClient();
  const [refusal, setRefusal] = useState<{ readsBefore: number } | null>(null);
  useBrowserEvent(BROWSER_EVENTS.outOfCredits, () => {
    setRefusal({ readsBefore: balanceReads(client) });
    void client.invalidateQueries({ queryKey: queryKeys.credits });
  });
  return refusal;
}

/** How many times the balance has been read into the cache. */
export function balanceReads(client: QueryClient): number {
  return client.getQueryState(queryKeys.credits)?.dataUpdateCount ?? 0;
}
