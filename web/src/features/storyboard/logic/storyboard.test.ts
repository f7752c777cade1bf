import { activeAsset, campaignsWithMedia, cardWidth, clampZoom, plural, sceneCredits, zoomIn, zoomOut } from './storyboard';

describe('zoom', () => {
  it('steps by 20% between 60% and 180%', () => {
    expect(zoomIn(1)).toBe(1.2);
    expect(zoomOut(1)).toBe(0.8);
    expect(zoomOut(0.6)).toBe(0.6);
    expect(zoomIn(1.8)).toBe(1.8);
    expect(zoomIn(1.6)).toBe(1.8);
    expect(clampZoom(0.1)).toBe(0.6);
    expect(clampZoom(Number.NaN)).toBe(1);
  });
  it('scales the 380 px base card', () => {
    expect(cardWidth(1)).toBe(380);
    expect(cardWidth(0.6)).toBe(228);
    expect(cardWidth(1.8)).toBe(684);
  });
});

describe('sceneCredits', () => {
  it('counts 1 per image and video seconds rounded up, default 5', () => {
    const media = [
      { file_type: 'image' as const, file_metadata: {} },
      { file_type: 'video' as const, file_metadata: { duration: 9.2 } },
      { file_type: 'video' as const, file_metadata: {} },
      { file_type: 'audio' as const, file_metadata: { duration: 30 } },
    ];
    expect(sceneCredits(media)).toBe(1 + 10 + 5);
  });
});

describe('helpers', () => {
  it('counts campaigns with media', () => {
    expect(campaignsWithMedia([{ media: [] }, { media: [{} as never] }])).toBe(1);
  });
  it('picks the active asset, else the first', () => {
    const media = [{ id: 'a' }, { id: 'b' }];
    expect(activeAsset(media, 'b')?.id).toBe('b');
    expect(activeAsset(media, 'zz')?.id).toBe('a');
    expect(activeAsset([], null)).toBeNull();
  });
  it('pluralises', () => {
    expect(plural(1, 'campaign')).toBe('1 campaign');
    expect(plural(3, 'campaign')).toBe('3 campaigns');
  });
});
