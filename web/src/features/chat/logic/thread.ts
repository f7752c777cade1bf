import type { MediaItemView } from '@/components/media';
import type { ChatMedia, ChatMessage, MediaKind } from './messages';
import { withoutDuplicates } from './send';

/** Messages per history page. */
export const HISTORY_PAGE_SIZE = 50;

/** Beyond this many messages the list only renders what is on screen. */
export const VIRTUALIZE_AFTER = 200;

export function shouldVirtualize(count: number): boolean {
  return count > VIRTUALIZE_AFTER;
}

export interface HistoryPage {
  messages: ChatMessage[];
  page: number;
  perPage: number;
  total: number;
}

/** The page after `last` (older messages), or undefined when every message is loaded. */
export function nextHistoryPage(last: HistoryPage): number | undefined {
  return last.page * last.perPage < last.total ? last.page + 1 : undefined;
}

/**
 * One thread, oldest first, from pages loaded newest first (page 1 = the newest messages). New
 * messages shift the page boundaries, so a message may arrive on two pages: it is kept once.
 */
export function threadFromPages(pages: readonly HistoryPage[]): ChatMessage[] {
  const seen = new Set<string>();
  const thread: ChatMessage[] = [];
  for (const page of [...pages].reverse()) {
    for (const message of page.messages) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      thread.push(message);
    }
  }
  return withoutDuplicates(thread);
}

/** Adds (or replaces) messages in the newest page, as a send's answer arrives. */
export function addToNewestPage(pages: readonly HistoryPage[], messages: readonly ChatMessage[]): HistoryPage[] {
  const [newest, ...older] = pages;
  if (!newest) return [{ messages: [...messages], page: 1, perPage: HISTORY_PAGE_SIZE, total: messages.length }];
  const ids = new Set(messages.map((message) => message.id));
  const added = messages.filter((message) => !pages.some((page) => page.messages.some((m) => m.id === message.id))).length;
  return [{ ...newest, messages: [...newest.messages.filter((m) => !ids.has(m.id)), ...messages], total: newest.total + added }, ...older];
}

/** Applies `update` to the message with this id, wherever it is. */
export function updateMessage(pages: readonly HistoryPage[], id: string, update: (message: ChatMessage) => ChatMessage): HistoryPage[] {
  return pages.map((page) => (page.messages.some((m) => m.id === id) ? { ...page, messages: page.messages.map((m) => (m.id === id ? update(m) : m)) } : page));
}

export interface ViewerEntry {
  messageId: string;
  media: ChatMedia;
}

/** Every media item of the thread, in order: what the full-screen viewer cycles through. */
export function viewerEntries(messages: readonly ChatMessage[]): ViewerEntry[] {
  return messages.flatMap((message) => message.media.map((media) => ({ messageId: message.id, media })));
}

/** A chat media item as the shared media components take it. */
export function toMediaItemView(media: ChatMedia): MediaItemView {
  return {
    id: media.id,
    type: media.type,
    url: media.url,
    thumbnailUrl: media.thumbnailUrl,
    alt: media.alt || undefined,
    width: media.width,
    height: media.height,
  };
}

const KIND_WORDS: Record<MediaKind, string> = { image: 'image', video: 'video', audio: 'music' };

/** "Generating image… 42% · rendering"; without an estimate just "Generating image…". */
export function generationLabel(kind: MediaKind, progress: number | null | undefined, stage: string | null | undefined): string {
  const parts = [`Generating ${KIND_WORDS[kind]}…`];
  if (typeof progress === 'number' && Number.isFinite(progress)) parts.push(`${Math.round(Math.min(100, Math.max(0, progress)))}%`);
  const label = parts.join(' ');
  const cleanStage = stage?.trim().replace(/[_-]+/g, ' ');
  return cleanStage ? `${label} · ${cleanStage}` : label;
}

/** A generation as the thread shows it: the one this tab started wins over what the server last said. */
export type GenerationView =
  { state: 'generating'; kind: MediaKind; jobId: string | null } | { state: 'failed'; kind: MediaKind; error: string | null; jobId: string | null };

export interface LocalGeneration {
  /** A job this tab started on the message and is following. */
  running?: { jobId: string; kind: MediaKind };
  /** The last job this tab saw fail on the message. */
  failed?: { jobId: string; kind: MediaKind; error: string | null };
}

export function generationView(message: ChatMessage, local: LocalGeneration | undefined): GenerationView | null {
  if (local?.running) return { state: 'generating', kind: local.running.kind, jobId: local.running.jobId };
  if (local?.failed) return { state: 'failed', kind: local.failed.kind, error: local.failed.error, jobId: local.failed.jobId };
  const generation = message.generation;
  if (!generation) return null;
  const kind = generation.kind ?? 'image';
  if (generation.state === 'generating') return { state: 'generating', kind, jobId: generation.jobId };
  if (generation.state === 'failed') return { state: 'failed', kind, error: generation.error, jobId: generation.jobId };
  return null;
}
