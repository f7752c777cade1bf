import { assetIdOf } from '@/lib/media/assetId';

/**
 * Chat messages as the server sends them carry three untyped JSON parts (structured response,
 * media, generation). They are read here, defensively, into typed objects the components trust.
 */

export type MediaKind = 'image' | 'video' | 'audio';
export type VisualKind = 'image' | 'video';
export type GenerationState = 'generating' | 'completed' | 'failed';
export type ProcessingStatus = 'pending' | 'completed' | 'failed';

export interface StructuredMedia {
  url: string | null;
  assetId: string | null;
  creditCost: number | null;
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
  action: string | null;
  state: GenerationState;
  flag: string | null;
  jobId: string | null;
  error: string | null;
  /** What the generation makes, read from its action or flag; null when neither says. */
  kind: MediaKind | null;
}

/** A generated media item; only items with a server asset id are kept. */
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
  role: 'user' | 'assistant';
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
const finite = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const positive = (value: unknown): number | null => {
  const n = finite(value);
  return n !== null && n > 0 ? n : null;
};

const MEDIA_KINDS: readonly MediaKind[] = ['image', 'video', 'audio'];

function mediaKind(value: unknown): MediaKind | null {
  return typeof value === 'string' && (MEDIA_KINDS as readonly string[]).includes(value) ? (value as MediaKind) : null;
}

function parseStructuredMedia(value: unknown): StructuredMedia | null {
  if (!isRecord(value)) return null;
  return {
    url: text(value.url),
    assetId: text(value.asset_id) ?? text(value.assetId) ?? text(value.id),
    creditCost: finite(value.credit_cost) ?? finite(value.creditCost),
  };
}

export function parseStructuredResponse(value: unknown): StructuredResponse | null {
  if (!isRecord(value)) return null;
  const media: Partial<Record<MediaKind, StructuredMedia>> = {};
  if (isRecord(value.media)) {
    for (const kind of MEDIA_KINDS) {
      const item = parseStructuredMedia(value.media[kind]);
      if (item) media[kind] = item;
    }
  }
  const suggestions = Array.isArray(value.suggestions)
    ? value.suggestions.filter((s): s is string => typeof s === 'string' && s.trim() !== '').map((s) => s.trim())
    : [];
  return {
    refinedImagePrompt: text(value.refined_image_prompt)?.trim() ?? null,
    refinedVideoPrompt: text(value.refined_video_prompt)?.trim() ?? null,
    readyForImage: value.ready_for_image === true,
    readyForVideo: value.ready_for_video === true,
    clarificationNeeded: value.clarification_needed === true,
    suggestions,
    additionalComments: text(value.additional_comments)?.trim() ?? null,
    media,
  };
}

const GENERATION_STATES: readonly GenerationState[] = ['generating', 'completed', 'failed'];

function kindOfGeneration(action: string | null, flag: string | null): MediaKind | null {
  for (const source of [action, flag]) {
    const match = source ? /(image|video|audio)$/.exec(source) : null;
    if (match) return match[1] as MediaKind;
  }
  return null;
}

export function parseGeneration(value: unknown): MessageGeneration | null {
  if (!isRecord(value)) return null;
  const state = typeof value.state === 'string' && (GENERATION_STATES as readonly string[]).includes(value.state) ? (value.state as GenerationState) : null;
  if (!state) return null;
  const action = text(value.action);
  const flag = text(value.flag);
  const error = isRecord(value.error) ? text(value.error.message) : text(value.error);
  return { action, state, flag, jobId: text(value.job_id), error, kind: kindOfGeneration(action, flag) };
}

function parseMediaItem(value: unknown): ChatMedia | null {
  if (!isRecord(value)) return null;
  const type = mediaKind(value.type);
  const url = text(value.url);
  if (!type || !url) return null;
  // Local or foreign items (no server asset) cannot be opened, rated or animated: they are skipped.
  const id = assetIdOf({ id: value.id, url, asset_id: value.asset_id, assetId: value.assetId });
  if (!id) return null;
  return {
    id,
    type,
    url,
    thumbnailUrl: text(value.thumbnailUrl) ?? text(value.thumbnail_url),
    alt: text(value.alt)?.trim() ?? '',
    width: positive(value.width),
    height: positive(value.height),
    creditCost: finite(value.creditCost) ?? finite(value.credit_cost),
  };
}

export function parseMedia(value: unknown): ChatMedia[] {
  if (!Array.isArray(value)) return [];
  return value.map(parseMediaItem).filter((item): item is ChatMedia => item !== null);
}

function processingStatus(value: unknown): ProcessingStatus {
  return value === 'pending' || value === 'failed' ? value : 'completed';
}

/** One message of the history or of a send's answer; null without an id. */
export function parseMessage(value: unknown): ChatMessage | null {
  if (!isRecord(value)) return null;
  const id = text(value.id);
  if (!id) return null;
  const isUser = value.role === 'user' || value.sender === 'user' || value.type === 'user';
  return {
    id,
    role: isUser ? 'user' : 'assistant',
    content: typeof value.content === 'string' ? value.content : '',
    timestamp: text(value.timestamp) ?? new Date(0).toISOString(),
    parentId: text(value.parent_id) ?? text(value.parent_message_id),
    status: processingStatus(value.processing_status),
    error: text(value.error),
    structured: parseStructuredResponse(value.structured_response),
    media: parseMedia(value.media),
    generation: parseGeneration(value.generation),
    referenceImageIds: Array.isArray(value.reference_images) ? value.reference_images.filter((r): r is string => typeof r === 'string') : [],
  };
}

export function parseMessages(value: unknown): ChatMessage[] {
  if (!Array.isArray(value)) return [];
  return value.map(parseMessage).filter((message): message is ChatMessage => message !== null);
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
