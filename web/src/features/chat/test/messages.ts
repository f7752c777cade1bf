import { plainMessage, type ChatMedia, type ChatMessage, type MessageView, type StructuredResponse } from '../logic/messages';

export const IMAGE_ID = '11111111-1111-4111-8111-111111111111';
export const VIDEO_ID = '22222222-2222-4222-8222-222222222222';

export function structured(overrides: Partial<StructuredResponse> = {}): StructuredResponse {
  return {
    refinedImagePrompt: 'Amber perfume bottle on dark marble, soft morning light',
    refinedVideoPrompt: 'Slow push-in on the bottle, 5 seconds',
    readyForImage: true,
    readyForVideo: false,
    clarificationNeeded: false,
    suggestions: ['Make it warmer', 'Try it outdoors', 'Add a calm soundtrack'],
    additionalComments: null,
    media: {},
    ...overrides,
  };
}

export function media(overrides: Partial<ChatMedia> = {}): ChatMedia {
  return {
    id: IMAGE_ID,
    type: 'image',
    url: `/api/media/file/${IMAGE_ID}`,
    thumbnailUrl: null,
    alt: 'A bottle',
    width: 1024,
    height: 1536,
    creditCost: 1,
    ...overrides,
  };
}

let seq = 0;

export function message(overrides: Partial<ChatMessage> = {}): ChatMessage {
  seq += 1;
  return plainMessage({
    id: `m-${seq}`,
    role: 'assistant',
    content: 'Here is a brief.',
    timestamp: new Date(Date.UTC(2026, 10, 24, 10, 0, seq)).toISOString(),
    ...overrides,
  });
}

/** A finished message as the server sends it, with nothing beyond its text unless `fields` say so. */
export function messageView(fields: Pick<MessageView, 'id' | 'role' | 'content' | 'timestamp'> & Partial<MessageView>): MessageView {
  return {
    parent_id: null,
    processing_status: 'completed',
    error: null,
    structured_response: null,
    media: [],
    generation: null,
    context: { scene_id: 's1', pre_production_settings: { quality: 'medium', resolution: '1024x1536', duration: '5s' } },
    reference_images: [],
    ...fields,
  };
}
