import {
  activeAsset,
  assetAlt,
  assetCredits,
  scenesWithMedia,
  coverOf,
  cardWidth,
  gridMinWidth,
  clampZoom,
  creditsLabel,
  plural,
  sceneCredits,
  sceneName,
  timelineStorageKey,
  zoomIn,
  zoomLabel,
  zoomOut,
  zoomStorageKey,
} from './storyboard';

describe('zoom', () => {
  it('steps by 20% between 60% and 180%', () => {
    expect(zoomIn(1)).toBe(1.2);
    expect(zoomOut(1)).toBe(0.8);
    expect(zoomOut(0.6)).toBe(0.6);
    expect(zoomIn(1.8)).toBe(1.8);
    expect(zoomIn(1.6)).toBe(1.8);
    expect(zoomIn(zoomIn(zoomIn(1)))).toBe(1.6);
    expect(clampZoom(0.1)).toBe(0.6);
    expect(clampZoom(1.13)).toBe(1.2);
    expect(clampZoom(Number.NaN)).toBe(1);
  });
  it('scales the 380 px base card', () => {
    expect(cardWidth(1)).toBe(380);
    expect(cardWidth(0.6)).toBe(228);
    expect(cardWidth(1.8)).toBe(684);
  });
  it('lets a card shrink to 80 % of its width before a column is dropped', () => {
    expect(gridMinWidth(1)).toBe(304);
    expect(gridMinWidth(0.6)).toBe(182);
  });
  it('labels the level', () => {
    expect(zoomLabel(0.6)).toBe('60%');
    expect(zoomLabel(1.4)).toBe('140%');
  });
  it('keeps the level per user', () => {
    expect(zoomStorageKey('u1')).toBe('studio:storyboard-zoom:u1');
    expect(zoomStorageKey(null)).toBe('studio:storyboard-zoom');
    expect(timelineStorageKey('u1')).toBe('studio:storyboard-timeline:u1');
  });
});

describe('credits', () => {
  it('estimates 1 per image and music, a video its seconds rounded up (default 5)', () => {
    const media = [
      { file_type: 'image' as const, file_metadata: {} },
      { file_type: 'video' as const, file_metadata: { duration: 9.2 } },
      { file_type: 'video' as const, file_metadata: {} },
      { file_type: 'video' as const, file_metadata: { duration: -3 } },
      { file_type: 'audio' as const, file_metadata: { duration: 30 } },
    ];
    expect(sceneCredits(media)).toBe(1 + 10 + 5 + 5 + 1);
  });
  it("prefers the server's charge, including a free asset", () => {
    expect(assetCredits({ file_type: 'video', credit_cost: 10, file_metadata: { duration: 5 } })).toBe(10);
    expect(assetCredits({ file_type: 'image', credit_cost: 0 })).toBe(0);
    expect(assetCredits({ file_type: 'image', credit_cost: null })).toBe(1);
    expect(
      sceneCredits([
        { file_type: 'image', credit_cost: 1 },
        { file_type: 'video', credit_cost: 5 },
        { file_type: 'audio', credit_cost: 1 },
      ]),
    ).toBe(7);
  });
  it('labels the total', () => {
    expect(creditsLabel(7)).toBe('7 credits');
    expect(creditsLabel(1)).toBe('1 credit');
    expect(creditsLabel(0)).toBe('0 credits');
  });
});

describe('helpers', () => {
  it('counts campaigns with media', () => {
    expect(scenesWithMedia([{ media: [] }, { media: [{} as never] }])).toBe(1);
  });
  it('picks the active asset, else the newest', () => {
    const media = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
    expect(activeAsset(media, 'b')?.id).toBe('b');
    expect(activeAsset(media, 'zz')?.id).toBe('c');
    expect(activeAsset(media, null)?.id).toBe('c');
    expect(activeAsset([], null)).toBeNull();
  });
  it('covers with the chosen asset, else the newest picture: never music by itself', () => {
    const media = [
      { id: 'img', file_type: 'image' as const },
      { id: 'vid', file_type: 'video' as const },
      { id: 'song', file_type: 'audio' as const },
    ];
    expect(coverOf(media, null)?.id).toBe('vid');
    expect(coverOf(media, 'song')?.id).toBe('song');
    expect(coverOf(media, 'gone')?.id).toBe('vid');
    expect(coverOf([{ id: 'song', file_type: 'audio' as const }], null)).toBeNull();
  });
  it('pluralises', () => {
    expect(plural(1, 'campaign')).toBe('1 campaign');
    expect(plural(3, 'campaign')).toBe('3 campaigns');
  });
  it('names an unnamed scene', () => {
    expect(sceneName({ name: '  ' })).toBe('Untitled Campaign');
    expect(sceneName({ name: ' Spring ' })).toBe('Spring');
  });
});

describe('assetAlt', () => {
  it('uses the prompt, shortened, else type and position', () => {
    expect(assetAlt({ file_type: 'image', file_metadata: { prompt: '  jar   on marble ' } }, 'Spring', 0, 2)).toBe('jar on marble');
    expect(assetAlt({ file_type: 'image', file_metadata: { prompt: 'x'.repeat(200) } }, 'Spring', 0, 2)).toHaveLength(140);
    expect(assetAlt({ file_type: 'video', file_metadata: {} }, 'Spring', 1, 3)).toBe('Video 2 of 3 in Spring');
    expect(assetAlt({ file_type: 'audio' }, 'Spring', 0, 1)).toBe('Music 1 of 1 in Spring');
  });
  it('prefers what the engine painted to the prompt', () => {
    const painted = 'The product on a marble slab, in soft, even light.';
    expect(assetAlt({ file_type: 'image', file_metadata: { description: painted, prompt: 'a jar on a shelf' } }, 'Spring', 0, 2)).toBe(painted);
    expect(assetAlt({ file_type: 'image', file_metadata: { description: '  ', prompt: 'a jar on a shelf' } }, 'Spring', 0, 2)).toBe('a jar on a shelf');
  });
});
