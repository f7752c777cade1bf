import type { ReferenceImage } from '../api/types';
import { copiedFileName, reuseOffers } from './reuse';

function image(id: string, sceneId: string | null, extra: Partial<ReferenceImage> = {}): ReferenceImage {
  return {
    id,
    scene_id: sceneId,
    url: `/api/media/file/${id}`,
    original_filename: `${id}.jpg`,
    filename: 'x',
    mime_type: 'image/jpeg',
    ...extra,
  } as ReferenceImage;
}

describe('reusing another campaign’s product photos', () => {
  const scenes = [
    { id: 's1', name: 'Campaign 1' },
    { id: 's2', name: ' ' },
    { id: 's3', name: 'Spring' },
  ];

  it('offers the other campaigns that have photos, in scene order, at most 3 photos each', () => {
    const images = [image('a', 's3'), image('b', 's1'), image('c', 's3'), image('d', 's3'), image('e', 's3'), image('f', null)];
    const offers = reuseOffers(images, scenes, 's1');
    expect(offers.map((offer) => offer.sceneId)).toEqual(['s3']);
    expect(offers[0]?.sceneName).toBe('Spring');
    expect(offers[0]?.images.map((i) => i.id)).toEqual(['a', 'c', 'd']);
    expect(reuseOffers(images, scenes, 's3').map((offer) => offer.sceneId)).toEqual(['s1']);
    expect(reuseOffers([image('g', 's2')], scenes, 's1')[0]?.sceneName).toBe('Untitled Campaign');
  });

  it('keeps the seller’s file name, adding an extension from the type when missing', () => {
    expect(copiedFileName(image('a', 's1', { original_filename: 'serum.png' }))).toBe('serum.png');
    expect(copiedFileName(image('a', 's1', { original_filename: 'serum', mime_type: 'image/webp' }))).toBe('serum.webp');
    expect(copiedFileName(image('a', 's1', { original_filename: null, filename: 'stored' }))).toBe('stored.jpg');
  });
});
