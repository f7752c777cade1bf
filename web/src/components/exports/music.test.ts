import { describe, expect, it } from 'vitest';
import type { MediaAsset } from '@/api/types';
import { musicChoices } from './music';

const media = (id: string, file_type: MediaAsset['file_type']) => ({ id, file_type, created_at: 'not a date' }) as MediaAsset;

describe('musicChoices', () => {
  it('offers the campaign’s stored music only, numbered in order', () => {
    const choices = musicChoices([
      media('0c5e8a52-7a4a-4c43-8b2a-2f6d3a1f0a01', 'image'),
      media('0c5e8a52-7a4a-4c43-8b2a-2f6d3a1f0a02', 'audio'),
      media('local-audio', 'audio'),
      media('0c5e8a52-7a4a-4c43-8b2a-2f6d3a1f0a03', 'audio'),
    ]);
    expect(choices).toEqual([
      { id: '0c5e8a52-7a4a-4c43-8b2a-2f6d3a1f0a02', label: 'Music 1' },
      { id: '0c5e8a52-7a4a-4c43-8b2a-2f6d3a1f0a03', label: 'Music 2' },
    ]);
  });
});
