import { api, unwrap } from '@/api/client';
import type { RequestBody } from '@/api/types';
import { CHAT_TEXT } from '../logic/texts';

export type FeedbackBody = RequestBody<'/api/media/feedback', 'post'>;

/** POST /api/media/feedback: a reaction to a message's media (a second one replaces the first). */
export async function sendFeedback(body: FeedbackBody): Promise<void> {
  await unwrap(api.POST('/api/media/feedback', { body }), CHAT_TEXT.feedbackFailed);
}
