import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { queryKeys } from '@/api/queryKeys';
import { readString, storageKeys, writeString } from '@/lib/storage';
import { parseCachedPresets, type PresetSummary } from '../logic/presets';

/**
 * GET /api/chat/style-presets (first 100). Each good answer is kept in local storage, and that copy
 * answers when the server cannot be reached.
 */
export function presetListQuery() {
  return queryOptions({
    queryKey: queryKeys.stylePresets,
    queryFn: async (): Promise<PresetSummary[]> => {
      try {
        const body = await unwrap(api.GET('/api/chat/style-presets', { params: { query: { page: 1, per_page: 100 } } }), 'Failed to load style presets');
        const presets = body.data.presets.map((preset) => ({ id: preset.preset_id, name: preset.name, description: preset.description }));
        writeString(storageKeys.presetCache, JSON.stringify(presets));
        return presets;
      } catch (error) {
        const cached = parseCachedPresets(readString(storageKeys.presetCache));
        if (cached) return cached;
        throw error;
      }
    },
    staleTime: 60_000,
  });
}

export function usePresetList(enabled = true) {
  return useQuery({ ...presetListQuery(), enabled });
}
