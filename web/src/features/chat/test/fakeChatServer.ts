import { vi } from 'vitest';
import { readFakeRequest } from '@/test/fakeServer';
import { messageView } from './messages';
import type { MediaKind, MessageView, StructuredAnswer } from '../logic/messages';

type Json = unknown;

/** The fake answers messages in the server's typed shape. */
export type FakeMessage = MessageView;

export const BRIEF = {
  refined_image_prompt: 'Amber perfume bottle on dark marble, soft morning light, centred hero framing',
  refined_video_prompt: 'Slow push-in on the bottle over 5 seconds',
  ready_for_image: true,
  ready_for_video: false,
  clarification_needed: false,
  suggestions: ['Make it warmer', 'Try it outdoors', 'Add a calm soundtrack'],
  additional_comments: 'Tip: attaching up to 3 product photos gives the most faithful result.',
  media: {},
} satisfies StructuredAnswer;

const ACTION = { image: 'generate_image', video: 'generate_video', audio: 'generate_audio' } as const satisfies Record<MediaKind, string>;

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
/** Ids are unique across servers: jobs watched in one test must not match another test's. */
let seq = 0;

/** The chat routes over an in-memory thread, with every request recorded. */
export function createFakeChatServer() {
  const state = {
    messages: [] as FakeMessage[],
    calls: [] as { method: string; path: string; body: Json }[],
    jobs: [] as { id: string; messageId: string | null; kind: string }[],
    failures: new Map<string, { status: number; code: string; message: string }>(),
    /** The assistant's answer to the next send. */
    reply: { content: 'Here is a brief for your amber perfume.', structured: BRIEF as StructuredAnswer | null },
    /** Answers are still being written when the send returns; the first status check finds them done. */
    slowReplies: false,
  };
  let clock = Date.UTC(2026, 10, 24, 10, 0, 0);
  const nextId = () => uuid(++seq);
  const now = () => new Date((clock += 1000)).toISOString();
  const ok = (body: Json, status = 200) => ({ status, body });
  const error = (status: number, code: string, message: string) => ({ status, body: { status: 'error', error: { code, message }, message } });

  const message = (fields: Partial<FakeMessage> & Pick<FakeMessage, 'role' | 'content'>): FakeMessage =>
    messageView({ id: nextId(), timestamp: now(), ...fields });

  const startJob = (messageId: string | null, kind: string) => {
    const id = nextId();
    state.jobs.push({ id, messageId, kind });
    return id;
  };

  const route = (method: string, path: string, body: Json, url: URL) => {
    let match: RegExpMatchArray | null;
    if (method === 'GET' && path === '/api/chat/history') {
      const page = Number(url.searchParams.get('page') ?? '1');
      const perPage = Number(url.searchParams.get('per_page') ?? '50');
      const end = state.messages.length - (page - 1) * perPage;
      const messages = state.messages.slice(Math.max(0, end - perPage), Math.max(0, end));
      return ok({ status: 'success', data: { messages, pagination: { page, per_page: perPage, total: state.messages.length } } });
    }
    if (method === 'POST' && path === '/api/chat/send') {
      const b = body as { message?: string; reference_images?: string[] };
      const user = message({ role: 'user', content: b.message ?? '', reference_images: b.reference_images ?? [] });
      const answer = state.slowReplies
        ? message({ role: 'assistant', content: '', processing_status: 'pending', parent_id: user.id })
        : message({ role: 'assistant', content: state.reply.content, structured_response: state.reply.structured, parent_id: user.id });
      state.messages.push(user, answer);
      return ok({ status: 'success', data: { message: answer, metadata: { scene_id: 's1' }, structured_response: answer.structured_response } });
    }
    if (method === 'GET' && (match = path.match(/^\/api\/chat\/status\/([^/]+)$/))) {
      const found = state.messages.find((m) => m.id === match?.[1]);
      if (!found) return error(404, 'not_found', 'Message not found');
      if (found.processing_status === 'pending')
        Object.assign(found, { processing_status: 'completed', content: state.reply.content, structured_response: state.reply.structured });
      return ok({
        processing_status: found.processing_status,
        response: found.processing_status === 'completed' ? { message: found.content, structured_response: found.structured_response } : null,
        error: found.error,
      });
    }
    if (method === 'POST' && (match = path.match(/^\/api\/chat\/generate\/([^/]+)$/))) {
      const found = state.messages.find((m) => m.id === match?.[1]);
      if (!found) return error(404, 'not_found', 'Message not found');
      const kind = (body as { media_type?: MediaKind }).media_type ?? 'image';
      const jobId = startJob(found.id, kind);
      found.generation = { action: ACTION[kind], state: 'generating', flag: `ready_for_${kind}`, job_id: jobId, error: null };
      return ok({
        status: 'success',
        data: {
          message_id: found.id,
          job_id: jobId,
          job_ids: [jobId],
          status: 'queued',
          status_url: `/api/jobs/${jobId}/status`,
          credit_cost: kind === 'video' ? 5 : 1,
          video_generation: { id: jobId },
        },
      });
    }
    if (method === 'POST' && (path === '/api/generate/video' || path === '/api/generate/audio')) {
      const b = body as { parent_message_id?: string | null };
      const jobId = startJob(b.parent_message_id ?? null, path.endsWith('video') ? 'video' : 'audio');
      return ok({ status: 'success', data: { job_id: jobId, status: 'queued', status_url: `/api/jobs/${jobId}/status`, credit_cost: 1 } }, 202);
    }
    if (method === 'POST' && path === '/api/media/feedback') {
      const b = body as { messageId: string; reaction: string; reason: string | null };
      return ok({ status: 'success', data: { message_id: b.messageId, reaction: b.reaction, reason: b.reason } });
    }
    if (method === 'PATCH' && (match = path.match(/^\/api\/scenes\/([^/]+)$/))) {
      return ok({ status: 'success', data: { id: match[1], settings: (body as { settings: Json }).settings } });
    }
    if (method === 'GET' && path.startsWith('/api/feature-flags/check/')) return ok({ isEnabled: false });
    if (method === 'GET' && (match = path.match(/^\/api\/jobs\/([^/]+)\/status$/))) {
      return ok({ status: 'success', data: { job_id: match[1], status: 'running', progress: 10, credit_cost: 1 } });
    }
    return error(404, 'not_found', 'Not found');
  };

  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const { request, url, body } = await readFakeRequest(input, init);
    state.calls.push({ method: request.method, path: url.pathname, body });
    const failure = state.failures.get(`${request.method} ${url.pathname}`);
    const result = failure ? error(failure.status, failure.code, failure.message) : route(request.method, url.pathname, body, url);
    return new Response(JSON.stringify(result.body), { status: result.status, headers: { 'Content-Type': 'application/json' } });
  });

  /** The server's side of a finished job: the media joins its message, whose generation completes. */
  const completeJob = (jobId: string, asset: { id: string; type: 'image' | 'video' | 'audio' }) => {
    const job = state.jobs.find((j) => j.id === jobId);
    const target = state.messages.find((m) => m.id === job?.messageId);
    if (!target) throw new Error(`no message for job ${jobId}`);
    target.media.push({
      type: asset.type,
      url: `/api/media/file/${asset.id}`,
      id: asset.id,
      creditCost: 1,
      alt: 'Amber perfume bottle',
      width: 1024,
      height: 1536,
      thumbnailUrl: null,
    });
    target.generation = { action: ACTION[asset.type], state: 'completed', flag: null, job_id: jobId, error: null };
  };

  return { state, fetch: fetchImpl, message, nextId, completeJob, install: () => vi.stubGlobal('fetch', fetchImpl) };
}
