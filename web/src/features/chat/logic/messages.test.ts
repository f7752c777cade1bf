import { parseGeneration, parseMedia, parseMessage, parseStructuredResponse, primaryPrompt } from './messages';

const IMAGE = '0b0c8a52-3f3e-4a39-9d7e-3f1c2f0a9b11';

describe('parseStructuredResponse', () => {
  it('reads every field of a brief', () => {
    expect(
      parseStructuredResponse({
        refined_image_prompt: ' Amber bottle on marble ',
        refined_video_prompt: 'Slow push-in',
        ready_for_image: true,
        ready_for_video: false,
        clarification_needed: false,
        suggestions: ['Warmer', '', 3, 'Add music'],
        additional_comments: 'Tip: attach a photo',
        media: { image: { url: `/api/media/file/${IMAGE}`, asset_id: IMAGE, credit_cost: 1 }, video: 'nope' },
      }),
    ).toEqual({
      refinedImagePrompt: 'Amber bottle on marble',
      refinedVideoPrompt: 'Slow push-in',
      readyForImage: true,
      readyForVideo: false,
      clarificationNeeded: false,
      suggestions: ['Warmer', 'Add music'],
      additionalComments: 'Tip: attach a photo',
      media: { image: { url: `/api/media/file/${IMAGE}`, assetId: IMAGE, creditCost: 1 } },
    });
  });

  it('treats missing or mistyped fields as absent', () => {
    expect(parseStructuredResponse({ refined_image_prompt: '   ', ready_for_image: 'yes', suggestions: 'x' })).toMatchObject({
      refinedImagePrompt: null,
      readyForImage: false,
      suggestions: [],
      media: {},
    });
    expect(parseStructuredResponse(null)).toBeNull();
    expect(parseStructuredResponse([1])).toBeNull();
  });
});

describe('parseGeneration', () => {
  it('reads the state and the kind from the action or the flag', () => {
    expect(parseGeneration({ action: 'generate_video', state: 'generating', flag: 'ready_for_video', job_id: 'j1', error: null })).toEqual({
      action: 'generate_video',
      state: 'generating',
      flag: 'ready_for_video',
      jobId: 'j1',
      error: null,
      kind: 'video',
    });
    expect(parseGeneration({ state: 'failed', flag: 'ready_for_audio', error: { message: 'Engine down' } })).toMatchObject({ kind: 'audio', error: 'Engine down' });
    expect(parseGeneration({ state: 'completed' })?.kind).toBeNull();
  });

  it('ignores an unknown state', () => {
    expect(parseGeneration({ state: 'thinking' })).toBeNull();
    expect(parseGeneration('generating')).toBeNull();
  });
});

describe('parseMedia', () => {
  it('keeps items with a server asset id and reads their fields', () => {
    expect(
      parseMedia([
        { type: 'image', url: `/api/media/file/${IMAGE}`, id: IMAGE, asset_id: IMAGE, creditCost: 1, alt: 'Bottle', width: 1024, height: 1536, thumbnailUrl: '/t' },
      ]),
    ).toEqual([{ id: IMAGE, type: 'image', url: `/api/media/file/${IMAGE}`, thumbnailUrl: '/t', alt: 'Bottle', width: 1024, height: 1536, creditCost: 1 }]);
  });

  it('derives the asset id from the file URL', () => {
    expect(parseMedia([{ type: 'video', url: `/api/media/file/${IMAGE.toUpperCase()}?variant=poster`, id: 'local-1' }])[0]?.id).toBe(IMAGE);
  });

  it('skips items without a server asset id, an unknown type or a URL', () => {
    expect(
      parseMedia([
        { type: 'image', url: 'blob:http://localhost/abc', id: 'ref-1' },
        { type: 'gif', url: `/api/media/file/${IMAGE}`, id: IMAGE },
        { type: 'image', id: IMAGE },
        null,
      ]),
    ).toEqual([]);
    expect(parseMedia({})).toEqual([]);
  });
});

describe('parseMessage', () => {
  it('reads a server message', () => {
    const parsed = parseMessage({
      id: 'a1',
      content: 'Here is your brief',
      role: 'assistant',
      sender: 'ai',
      type: 'assistant',
      timestamp: '2026-11-24T10:00:00Z',
      parent_id: 'u1',
      processing_status: 'completed',
      error: null,
      structured_response: { refined_image_prompt: 'Bottle', suggestions: [] },
      media: [],
      generation: null,
      context: {},
      reference_images: ['r1'],
    });
    expect(parsed).toMatchObject({ id: 'a1', role: 'assistant', parentId: 'u1', status: 'completed', referenceImageIds: ['r1'] });
    expect(parsed && primaryPrompt(parsed)).toBe('Bottle');
  });

  it('knows a user message by its role or sender, and a pending answer', () => {
    expect(parseMessage({ id: 'u1', sender: 'user', content: 'Hi' })?.role).toBe('user');
    expect(parseMessage({ id: 'a2', role: 'assistant', processing_status: 'pending' })).toMatchObject({ status: 'pending', content: '' });
  });

  it('refuses a message without an id', () => {
    expect(parseMessage({ content: 'Hi' })).toBeNull();
    expect(parseMessage('Hi')).toBeNull();
  });
});
