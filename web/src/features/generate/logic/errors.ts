import { isApiError } from '@/api/client';
import { GENERATE_MESSAGES } from './messages';

/** The panel's wording for a generation failure, from the failure's message. */
export function mapGenerateError(message: string | null | undefined): string {
  const text = message?.trim() ?? '';
  if (!text) return GENERATE_MESSAGES.failed;
  const lower = text.toLowerCase();
  // A failure that says its credits were refunded is not about the balance.
  const aboutBalance = (lower.includes('credit') && !lower.includes('refund')) || lower.includes('payment');
  if (aboutBalance) return GENERATE_MESSAGES.insufficientCredits;
  if (lower.includes('authentication') || lower.includes('unauthorized')) return GENERATE_MESSAGES.authRequired;
  if (lower.includes('template not found')) return GENERATE_MESSAGES.templateGone;
  if (lower.includes(GENERATE_MESSAGES.noJobId.toLowerCase())) return GENERATE_MESSAGES.serviceError;
  if (lower.includes(GENERATE_MESSAGES.noResult.toLowerCase())) return GENERATE_MESSAGES.timedOut;
  return text;
}

/** The panel's wording for anything thrown while generating; the HTTP status settles what the text may not say. */
export function generateErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 401) return GENERATE_MESSAGES.authRequired;
    if (error.status === 402) return GENERATE_MESSAGES.insufficientCredits;
  }
  return mapGenerateError(error instanceof Error ? error.message : null);
}
