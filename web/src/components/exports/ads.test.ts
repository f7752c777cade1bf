import { describe, expect, it } from 'vitest';
import type { MediaAsset } from '@/api/types';
import { exportBody } from '@/api/exports';
import { adChoices } from './ads';

const AD = '0c5e8a52-7a4a-4c43-8b2a-2f6d3a1f0a01';
const MUSIC = '0c5e8a52-7a4a-4c43-8b2a-2f6d3a1f0a02';

const asset = (id: string, file_type: MediaAsset['file_type'], headline?: string) =>
  ({
    id,
    file_type,
    created_at: 'not a date',
    file_metadata: headline === undefined ? {} : { design: { copy: { headline, logo: true } } },
  }) as unknown as MediaAsset;

describe('adChoices', () => {
  it('offers the campaign’s stored ad designs only, by their headline', () => {
    expect(
      adChoices([
        asset('0c5e8a52-7a4a-4c43-8b2a-2f6d3a1f0a03', 'image'),
        asset(AD, 'image', 'Weekend sale'),
        asset('local-ad', 'image', 'Not stored yet'),
        asset(MUSIC, 'audio'),
      ]),
    ).toEqual([{ id: AD, label: 'Weekend sale' }]);
  });
});

describe('exportBody', () => {
  it('asks for title and end cards from the chosen ad with a reel', () => {
    expect(exportBody({ targets: ['reel'], audioAssetId: MUSIC, cardsFrom: AD })).toEqual({
      targets: ['reel'],
      audio_asset_id: MUSIC,
      cards: { design_id: AD, title: true, end: true },
    });
  });

  it('sends no cards when none are asked for', () => {
    expect(exportBody({ targets: ['reel'], audioAssetId: MUSIC })).toEqual({ targets: ['reel'], audio_asset_id: MUSIC });
    expect(exportBody({ targets: ['etsy'] })).toEqual({ targets: ['etsy'], audio_asset_id: null });
  });
});
