import { messageView } from '../test/messages';
import { primaryPrompt, toChatMessage, toStructuredResponse, type MessageView } from './messages';

const IMAGE = '0b0c8a52-3f3e-4a39-9d7e-3f1c2f0a9b11';
const JOB = '5f0d9c1e-6a43-4f7b-9b8e-1c2d3e4f5a6b';

const BRIEF = {
  refined_image_prompt: ' Amber bottle on marble ',
  refined_video_prompt: 'Slow push-in',
  ready_for_image: true,
  ready_for_video: false,
  clarification_needed: false,
  suggestions: ['Warmer', ' ', 'Add music'],
  additional_comments: 'Tip: attach a photo',
  media: { image: { url: `/api/media/file/${IMAGE}`, asset_id: IMAGE, credit_cost: 1 } },
};

const view = (fields: Partial<MessageView> = {}): MessageView =>
  messageView({ id: 'a1', content: 'Here is your brief', role: 'assistant', timestamp: '2026-11-24T10:00:00Z', parent_id: 'u1', ...fields });

describe('toStructuredResponse', () => {
  it('carries every field of a brief, blank texts read as absent', () => {
    expect(toStructuredResponse(BRIEF)).toEqual({
      refinedImagePrompt: 'Amber bottle on marble',
      refinedVideoPrompt: 'Slow push-in',
      readyForImage: true,
      readyForVideo: false,
      clarificationNeeded: false,
      suggestions: ['Warmer', 'Add music'],
      additionalComments: 'Tip: attach a photo',
      media: { image: { url: `/api/media/file/${IMAGE}`, assetId: IMAGE, creditCost: 1 } },
    });
    expect(toStructuredResponse({ ...BRIEF, refined_image_prompt: '   ', media: {} })).toMatchObject({ refinedImagePrompt: null, media: {} });
  });
});

describe('toChatMessage', () => {
  it('carries a server message in the components’ terms', () => {
    const message = toChatMessage(view({ structured_response: BRIEF, reference_images: ['r1'] }));
    expect(message).toMatchObject({ id: 'a1', role: 'assistant', parentId: 'u1', status: 'completed', referenceImageIds: ['r1'] });
    expect(primaryPrompt(message)).toBe('Amber bottle on marble');
  });

  it('reads the generation’s kind from its action', () => {
    const message = toChatMessage(view({ generation: { action: 'generate_video', state: 'generating', flag: 'ready_for_video', job_id: JOB, error: null } }));
    expect(message.generation).toEqual({ action: 'generate_video', state: 'generating', flag: 'ready_for_video', jobId: JOB, error: null, kind: 'video' });
  });

  it('carries the media with their asset ids and pictures', () => {
    const media = {
      type: 'image' as const,
      url: `/api/media/file/${IMAGE}`,
      id: IMAGE,
      creditCost: 1,
      alt: 'Bottle',
      width: 1024,
      height: 1536,
      thumbnailUrl: '/t',
    };
    expect(toChatMessage(view({ media: [media, { ...media, type: 'audio', alt: ' ', width: null, height: null, thumbnailUrl: null }] })).media).toEqual([
      { id: IMAGE, type: 'image', url: `/api/media/file/${IMAGE}`, thumbnailUrl: '/t', alt: 'Bottle', width: 1024, height: 1536, creditCost: 1 },
      { id: IMAGE, type: 'audio', url: `/api/media/file/${IMAGE}`, thumbnailUrl: null, alt: '', width: null, height: null, creditCost: 1 },
    ]);
  });
});
