import { api, ApiError, unwrap } from '@/api/client';
import type { RequestBody } from '@/api/types';
import { parseMessage, type ChatMessage } from '../logic/messages';
import { CHAT_TEXT } from '../logic/texts';

export type SendBody = RequestBody<'/api/chat/send', 'post'>;

/** POST /api/chat/send → the assistant's answer (pending while it is still being written). */
export async function sendChatMessage(body: SendBody): Promise<ChatMessage> {
  const result = await unwrap(api.POST('/api/chat/send', { body }), CHAT_TEXT.sendFailed);
  const answer = parseMessage((result as { data?: { message?: unknown } }).data?.message);
  if (!answer) throw new ApiError(CHAT_TEXT.sendFailed, 0, 'invalid_response');
  return answer;
}
