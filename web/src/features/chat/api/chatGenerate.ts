import { api, unwrap } from '@/api/client';
import { startedJob, type StartedJob } from '@/api/jobs';
import type { RequestBody } from '@/api/types';

export type ChatGenerateBody = RequestBody<'/api/chat/generate/{message_id}', 'post'>;

/** POST /api/chat/generate/{messageId} → the jobs making the message's image or video (402 no credits, 403 upgrade_required). */
export async function startChatGeneration(messageId: string, body: ChatGenerateBody): Promise<StartedJob> {
  const failed = `Failed to start the ${body.media_type === 'video' ? 'video' : 'image'}`;
  return startedJob(await unwrap(api.POST('/api/chat/generate/{message_id}', { params: { path: { message_id: messageId } }, body }), failed), failed);
}
