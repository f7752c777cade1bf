import { api, unwrap } from '@/api/client';
import type { RequestBody } from '@/api/types';
import { readStartedJob, type StartedGeneration } from './startedJob';

export type ChatGenerateBody = RequestBody<'/api/chat/generate/{message_id}', 'post'>;

/** POST /api/chat/generate/{messageId} → the job making the message's image or video (402 no credits, 403 upgrade_required). */
export async function startChatGeneration(messageId: string, body: ChatGenerateBody): Promise<StartedGeneration> {
  const kind = body.media_type === 'video' ? 'video' : 'image';
  const result = await unwrap(
    api.POST('/api/chat/generate/{message_id}', { params: { path: { message_id: messageId } }, body }),
    `Failed to start the ${kind}`,
  );
  return readStartedJob(result, `Failed to start the ${kind}`);
}
