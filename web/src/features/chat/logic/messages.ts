import type { components } from '@/api/schema';

type Schemas = components['schemas'];

/** A chat message as the server answers it (history, send). */
export type MessageView = Schemas['MessageView'];
/** The structured response as the server answers it (message, send, status poll). */
export type StructuredAnswer = Schemas['StructuredAnswer'];

/**
 * Chat messages as the components use them: the server's typed answer in the web app's
 * camelCase, with the generation's kind read from its action.
 */

export type MediaKind = Schemas['MediaKind'];
export type VisualKind = Exclude<MediaKind, 'audio'>;
export type GenerationState = Schemas['GenerationState'];
export type ProcessingStatus = Schemas['ProcessingStatus'];

export interface StructuredMedia {
  url: string;
  assetId: string;
  creditCost: number;
}

export interface StructuredResponse {
  refinedImagePrompt: string | null;
  refinedVideoPrompt: string | null;
  readyForImage: boolean;
  readyForVideo: boolean;
  clarificationNeeded: boolean;
  suggestions: string[];
  additionalComments: string | null;
  media: Partial<Record<MediaKind, StructuredMedia>>;
}

export interface MessageGeneration {
  action: Schemas['Generation']['action'];
  state: GenerationState;
  flag: string | null;
  jobId: string;
  error: string | null;
  /** What the generation makes. */
  kind: MediaKind;
}

/** A generated media item of a message. */
export interface ChatMedia {
  /** The server asset id (a UUID). */
  id: string;
  type: MediaKind;
  url: string;
  thumbnailUrl: string | null;
  alt: string;
  width: number | null;
  height: number | null;
  creditCost: number | null;
}

export interface ChatMessage {
  id: string;
  role: Schemas['MessageRole'];
  content: string;
  timestamp: string;
  /** For an answer, the user message it answers. */
  parentId: string | null;
  status: ProcessingStatus;
  error: string | null;
  structured: StructuredResponse | null;
  media: ChatMedia[];
  generation: MessageGeneration | null;
  referenceImageIds: string[];
}

/** A finished message with nothing beyond its text (no brief, media or generation) unless `fields` say so. */
export function plainMessage(fields: Pick<ChatMessage, 'id' | 'role' | 'content' | 'timestamp'> & Partial<ChatMessage>): ChatMessage {
  return { parentId: null, status: 'completed', error: null, structured: null, media: [], generation: null, referenceImageIds: [], ...fields };
}

/** Text the assistant left blank reads as absent. */
const text = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

export function toStructuredResponse(answer: StructuredAnswer): StructuredResponse {
  const media: Partial<Record<MediaKind, StructuredMedia>> = {};
  for (const [kind, link] of Object.entries(answer.media) as [MediaKind, Schemas['MediaLink'] | undefined][]) {
    if (link) media[kind] = { url: link.url, assetId: link.asset_id, creditCost: link.credit_cost };
  }
  return {
    refinedImagePrompt: text(answer.refined_image_prompt),
    refinedVideoPrompt: text(answer.refined_video_prompt),
    readyForImage: answer.ready_for_image,
    readyForVideo: answer.ready_for_video,
    clarificationNeeded: answer.clarification_needed,
    suggestions: answer.suggestions.map((s) => s.trim()).filter((s) => s !== ''),
    additionalComments: text(answer.additional_comments),
    media,
  };
}

const KIND_OF_ACTION: Record<Schemas['Generation']['action'], MediaKind> = {
  generate_image: 'image',
  generate_video: 'video',
  generate_audio: 'audio',
};

function toGeneration(generation: Schemas['Generation']): MessageGeneration {
  return {
    action: generation.action,
    state: generation.state,
    flag: generation.flag ?? null,
    jobId: generation.job_id,
    error: generation.error ?? null,
    kind: KIND_OF_ACTION[generation.action],
  };
}

function toMedia(item: Schemas['MessageMedia']): ChatMedia {
  return {
    id: item.id,
    type: item.type,
    url: item.url,
    thumbnailUrl: item.thumbnailUrl ?? null,
    alt: text(item.alt) ?? '',
    width: item.width ?? null,
    height: item.height ?? null,
    creditCost: item.creditCost,
  };
}

/** One message of the history or of a send's answer. */
export function toChatMessage(view: MessageView): ChatMessage {
  return {
    id: view.id,
    role: view.role,
    content: view.content,
    timestamp: view.timestamp,
    parentId: view.parent_id ?? null,
    status: view.processing_status,
    error: text(view.error),
    structured: view.structured_response ? toStructuredResponse(view.structured_response) : null,
    media: view.media.map(toMedia),
    generation: view.generation ? toGeneration(view.generation) : null,
    referenceImageIds: view.reference_images,
  };
}

/** The refined prompt for a kind of media, if the brief has one. */
export function promptFor(message: ChatMessage, kind: VisualKind): string | null {
  const structured = message.structured;
  if (!structured) return null;
  return kind === 'image' ? structured.refinedImagePrompt : structured.refinedVideoPrompt;
}

/** The prompt a message would copy: the image brief, else the video brief. */
export function primaryPrompt(message: ChatMessage): string | null {
  return promptFor(message, 'image') ?? promptFor(message, 'video');
}

export function hasVisualMedia(message: ChatMessage): boolean {
  return message.media.some((item) => item.type !== 'audio');
}
