import { assetIdOf } from '@/lib/media/assetId';
import { promptFor, type ChatMedia, type ChatMessage, type VisualKind } from './messages';
import { CHAT_TEXT } from './texts';

export type Plan<T> = { ok: true; value: T } | { ok: false; error: string };

const fail = <T>(error: string): Plan<T> => ({ ok: false, error });
const ok = <T>(value: T): Plan<T> => ({ ok: true, value });

export interface GenerateOffer {
  messageId: string;
  image: boolean;
  video: boolean;
}

/**
 * Which message offers Generate Image / Generate Video: the newest brief (a message with a refined
 * image or video prompt), and only while it has no media. Older briefs never do, so the buttons
 * always belong to the latest idea.
 */
export function generateOffer(messages: readonly ChatMessage[]): GenerateOffer | null {
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const message = messages[i];
    if (!message || message.role !== 'assistant') continue;
    const image = promptFor(message, 'image') !== null;
    const video = promptFor(message, 'video') !== null;
    if (!image && !video) continue;
    return message.media.length === 0 ? { messageId: message.id, image, video } : null;
  }
  return null;
}

/** Regenerate makes the message's first picture or clip again, from its refined prompt. */
export function regeneratePlan(message: ChatMessage): Plan<{ mediaType: VisualKind; prompt: string }> {
  const first = message.media.find((item) => item.type === 'image' || item.type === 'video');
  if (!first) return fail(CHAT_TEXT.regenerateNoMedia);
  if (!message.structured) return fail(CHAT_TEXT.regenerateNoPromptData);
  const mediaType = first.type as VisualKind;
  const prompt = promptFor(message, mediaType);
  if (!prompt) return fail(CHAT_TEXT.regenerateNoPrompt(mediaType));
  return ok({ mediaType, prompt });
}

export interface EditStart {
  type: VisualKind;
  prompt: string;
  /** The kinds this message has a prompt for (the edit box offers a choice when both). */
  types: VisualKind[];
}

/**
 * Opening the prompt editor: it needs an answer from the server with a brief. The preferred kind
 * wins when the brief has it; otherwise the kind of the message's media, then the image brief.
 */
export function editPlan(message: ChatMessage | null | undefined, preferred?: VisualKind): Plan<EditStart> {
  if (!message || message.role !== 'assistant') return fail(CHAT_TEXT.editUnable);
  if (!message.structured) return fail(CHAT_TEXT.editMissingData);
  const types = (['image', 'video'] as const).filter((kind) => promptFor(message, kind) !== null);
  if (types.length === 0) return fail(CHAT_TEXT.editNoPrompt);
  const mediaKind = message.media.find((item) => item.type !== 'audio')?.type as VisualKind | undefined;
  const type = [preferred, mediaKind, ...types].find((kind): kind is VisualKind => kind !== undefined && types.includes(kind)) ?? 'image';
  return ok({ type, prompt: promptFor(message, type) ?? '', types });
}

/** Prompts the seller edited in this session, per message and kind. */
export type PromptEdits = Readonly<Record<string, Partial<Record<VisualKind, string>>>>;

/**
 * The thread with edited prompts in place of the assistant's (the server keeps the original brief),
 * so the brief shown, Copy prompt and Regenerate all use what the seller last generated from.
 */
export function withPromptEdits(messages: readonly ChatMessage[], edits: PromptEdits): ChatMessage[] {
  return messages.map((message) => {
    const edit = edits[message.id];
    if (!edit || !message.structured) return message;
    return {
      ...message,
      structured: {
        ...message.structured,
        refinedImagePrompt: edit.image ?? message.structured.refinedImagePrompt,
        refinedVideoPrompt: edit.video ?? message.structured.refinedVideoPrompt,
      },
    };
  });
}

/** The edited prompt, trimmed; an empty one is refused. */
export function validateEditedPrompt(value: string): Plan<string> {
  const prompt = value.trim();
  return prompt ? ok(prompt) : fail(CHAT_TEXT.emptyPrompt);
}

export interface AnimateStart {
  /** The message the video joins. */
  messageId: string;
  /** The image asset's UUID. */
  sourceImageId: string;
  prompt: string;
}

/** Animate this: the given image (or the message's newest one) must be a server image asset. */
export function animatePlan(message: ChatMessage | null | undefined, media?: ChatMedia): Plan<AnimateStart> {
  if (!message) return fail(CHAT_TEXT.animateNoMessage);
  const image = media ?? [...message.media].reverse().find((item) => item.type === 'image');
  if (!image) return fail(CHAT_TEXT.animateNoImage);
  const sourceImageId = image.type === 'image' ? assetIdOf({ id: image.id, url: image.url }) : null;
  if (!sourceImageId) return fail(CHAT_TEXT.animateNoAssetId);
  return ok({ messageId: message.id, sourceImageId, prompt: promptFor(message, 'video') ?? CHAT_TEXT.animateDefaultPrompt });
}
