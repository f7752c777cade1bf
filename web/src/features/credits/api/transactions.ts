import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError, unwrap } from '@/api/client';
import { queryKeys } from '@/api/queryKeys';
import { parseTransactionsPage, TRANSACTIONS_LOAD_FAILED, TRANSACTIONS_PER_PAGE, type CreditTransactionsPage } from '../logic/transactions';

export type { CreditTransaction, CreditTransactionsBody, CreditTransactionsPage, TransactionReason } from '../logic/transactions';

/**
 * GET /api/credits/transactions?page&per_page → `{status:"success", data:{transactions, page, per_page, total}}`,
 * newest first. The body is still checked row by row: a malformed row is skipped, not shown.
 */
export async function fetchCreditTransactions(page: number, perPage = TRANSACTIONS_PER_PAGE, signal?: AbortSignal): Promise<CreditTransactionsPage> {
  const body = await unwrap(api.GET('/api/credits/transactions', { params: { query: { page, per_page: perPage } }, signal }), TRANSACTIONS_LOAD_FAILED);
  const data = parseTransactionsPage(body, { page, perPage });
  if (!data) throw new ApiError(TRANSACTIONS_LOAD_FAILED, 0, 'invalid_response');
  return data;
}

export function creditTransactionsQuery(page: number, perPage = TRANSACTIONS_PER_PAGE) {
  return queryOptions({
    queryKey: queryKeys.creditTransactions(page, perPage),
    queryFn: ({ signal }) => fetchCreditTransactions(page, perPage, signal),
    // Paging keeps the previous page on screen until the next one arrives.
    placeholderData: keepPreviousData,
    retry: 1,
  });
}

export function useCreditTransactions(page: number, perPage = TRANSACTIONS_PER_PAGE) {
  return useQuery(creditTransactionsQuery(page, perPage));
}
