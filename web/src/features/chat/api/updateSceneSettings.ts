import { api, unwrap } from '@/api/client';
import { CHAT_TEXT } from '../logic/texts';
import { settingsInput, type GenerationSettings } from '../logic/settings';

/** PATCH /api/scenes/{id} {settings}: the scene's generation settings. */
export async function updateSceneSettings(sceneId: string, settings: GenerationSettings): Promise<void> {
  await unwrap(api.PATCH('/api/scenes/{id}', { params: { path: { id: sceneId } }, body: { settings: settingsInput(settings) } }), CHAT_TEXT.settingsSaveFailed);
}
