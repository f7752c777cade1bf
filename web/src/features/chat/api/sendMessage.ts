import { api, unwrap } from '@/api/client';
import type { RequestBody } from '@/api/types';
import { toChatMessage, type ChatMessage } from '../logic/messages';
import { CHAT_TEXT } from '../logic/texts';

export type SendBody = RequestBody<'/api/chat/send', 'post'>;

/** POST /api/chat/send → the assistant's answer (pending while it is still being written). */
export async function sendChatMessage(body: SendBody): Promise<ChatMessage> {
  const result = await unwrap(api.POST('/api/chat/send', { body }), CHAT_TEXT.sendFailed);
  return toChatMessage(result.data.message);
}
