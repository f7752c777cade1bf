import type { MediaAsset, Storyboard, StoryboardScene } from '@/api/types';
import { coverOf } from '../logic/storyboard';

let seq = 0;
/** A UUID-shaped id (the actions need server ids). */
export function uuid(n = ++seq): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

export function asset(overrides: Partial<MediaAsset> = {}): MediaAsset {
  const id = overrides.id ?? uuid();
  const meta = { generation_type: 'image' as const, output_format: 'png', dimensions: { width: 1024, height: 1536 }, prompt: 'jar on marble' };
  return {
    id,
    file_type: 'image',
    file_path: `/api/media/file/${id}`,
    url: `/api/media/file/${id}`,
    thumbnail_url: `/api/media/file/${id}?variant=thumbnail`,
    filename: `${id}.png`,
    original_filename: null,
    mime_type: 'image/png',
    scene_id: null,
    project_id: null,
    created_at: '2025-01-01T00:00:00Z',
    updated_at: '2025-01-01T00:00:00Z',
    file_size: 1024 * 1024,
    size: 1024 * 1024,
    is_public: false,
    user_id: 'u1',
    credit_cost: 1,
    file_metadata: meta,
    metadata: meta,
    ...overrides,
  };
}

/** A scene; its cover follows the server's rule unless given. */
export function scene(overrides: Partial<StoryboardScene> = {}): StoryboardScene {
  const id = overrides.id ?? uuid();
  const made: StoryboardScene = {
    id,
    project_id: 'p1',
    name: 'Campaign',
    order: 1,
    active_asset_id: null,
    cover_asset_id: null,
    settings: { quality: 'medium', resolution: '1024x1536', duration: 5 },
    preset_id: null,
    created_at: '2025-01-01T00:00:00Z',
    updated_at: '2025-01-01T00:00:00Z',
    media: [],
    ...overrides,
  };
  return {
    ...made,
    cover_asset_id: overrides.cover_asset_id !== undefined ? overrides.cover_asset_id : (coverOf(made.media, made.active_asset_id)?.id ?? null),
  };
}

export function storyboard(scenes: StoryboardScene[], unassigned: MediaAsset[] = []): Storyboard {
  const all = [...scenes.flatMap((s) => s.media), ...unassigned];
  const count = (type: MediaAsset['file_type']) => all.filter((m) => m.file_type === type).length;
  return {
    scenes,
    unassigned_media: unassigned,
    stats: { media_by_type: { image: count('image'), video: count('video'), audio: count('audio') } },
    settings: { quality: 'medium', resolution: '1024x1536', duration: 5 },
  };
}
