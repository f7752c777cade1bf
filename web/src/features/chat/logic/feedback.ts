import { CHAT_TEXT } from './texts';

export type Reaction = 'positive' | 'negative';
export type FeedbackReason = 'poor_quality' | 'inaccurate' | 'wrong_style' | 'distorted' | 'other';

export const FEEDBACK_REASONS: readonly { value: FeedbackReason; label: string }[] = [
  { value: 'poor_quality', label: 'Poor quality' },
  { value: 'inaccurate', label: 'Inaccurate' },
  { value: 'wrong_style', label: 'Wrong style' },
  { value: 'distorted', label: 'Distorted' },
  { value: 'other', label: 'Other' },
];

/** Messages remembered as rated in this browser; the oldest are forgotten past this many. */
export const FEEDBACK_MEMORY = 500;

export type FeedbackGiven = Readonly<Record<string, Reaction>>;

/** The stored map of rated messages; anything unreadable counts as none. */
export function parseFeedbackGiven(raw: string | null): FeedbackGiven {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    const given: Record<string, Reaction> = {};
    for (const [id, reaction] of Object.entries(value)) if (reaction === 'positive' || reaction === 'negative') given[id] = reaction;
    return given;
  } catch {
    return {};
  }
}

export function rememberFeedback(given: FeedbackGiven, messageId: string, reaction: Reaction, max = FEEDBACK_MEMORY): FeedbackGiven {
  const entries = Object.entries(given).filter(([id]) => id !== messageId);
  entries.push([messageId, reaction]);
  return Object.fromEntries(entries.slice(-max));
}

/** Negative feedback needs a reason; positive needs nothing. Returns the error to show, or null. */
export function validateFeedback(reaction: Reaction, reason: FeedbackReason | null): string | null {
  return reaction === 'negative' && !reason ? CHAT_TEXT.feedbackReasonRequired : null;
}

export interface FeedbackInput {
  messageId: string;
  reaction: Reaction;
  reason?: FeedbackReason | null;
  comment?: string;
  assetUrl: string | null;
  now: Date;
}

/** The body of POST /api/media/feedback. */
export function feedbackBody({ messageId, reaction, reason, comment, assetUrl, now }: FeedbackInput) {
  const trimmed = comment?.trim() ?? '';
  return {
    messageId,
    reaction,
    reason: reaction === 'negative' ? (reason ?? null) : null,
    comment: trimmed || null,
    feedbackType: reaction === 'positive' ? ('positive_general' as const) : ('negative_general' as const),
    assetUrl,
    timestamp: now.toISOString(),
  };
}
