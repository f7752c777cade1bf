import { useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/queryKeys';

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
