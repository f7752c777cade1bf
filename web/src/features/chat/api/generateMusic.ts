import { api, unwrap } from '@/api/client';
import { startedJob, type StartedJob } from '@/api/jobs';
import type { RequestBody } from '@/api/types';

export type MusicBody = RequestBody<'/api/generate/audio', 'post'>;

const START_FAILED = 'Failed to start the music';

/** POST /api/generate/audio {audio_type: "music"} → the job making the scene's track (202). */
export async function startMusic(body: MusicBody): Promise<StartedJob> {
  return startedJob(await unwrap(api.POST('/api/generate/audio', { body }), START_FAILED), START_FAILED);
}
