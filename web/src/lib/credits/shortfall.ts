import { skipToken, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/queryKeys';

/** Why an action costing `cost` credits cannot start with `balance`, or null when it can (or the balance is unknown). */
export function shortfallReason(cost: number, balance: number | null | undefined): string | null {
  if (balance === null || balance === undefined || cost <= balance) return null;
  const needs = `${cost} ${cost === 1 ? 'credit' : 'credits'}`;
  return `Needs ${needs} — you have ${balance}`;
}

/**
 * Why an action costing `cost` credits cannot start now ("Needs 5 credits — you have 3"), or null.
 * Reads the balance the credit badge keeps fresh; it never fetches on its own.
 */
export function useCreditShortfall(cost: number): string | null {
  const balance = useQuery<{ balance?: number }>({ queryKey: queryKeys.credits, queryFn: skipToken });
  return shortfallReason(cost, balance.data?.balance);
}
