import { vi } from 'vitest';

type Json = unknown;
interface Route {
  method: string;
  pattern: RegExp;
  handle: (match: RegExpMatchArray, body: Json, url: URL) => { status: number; body: Json } | Promise<{ status: number; body: Json }>;
}

const now = () => new Date().toISOString();

/** What a fake server's `fetch` was asked: the request, its URL and its JSON body (undefined when empty). */
export async function readFakeRequest(input: RequestInfo | URL, init?: RequestInit): Promise<{ request: Request; url: URL; body: Json }> {
  const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
  const text = request.method === 'GET' ? '' : await request.text();
  return { request, url: new URL(request.url), body: text ? (JSON.parse(text) as Json) : undefined };
}

/** An in-memory stand-in for the studio API, enough for component tests. */
export function createFakeServer(options: { signedIn?: boolean } = {}) {
  const state = {
    user: options.signedIn === false ? null : { id: 'u1', email: 'ada@example.com', given_name: 'Ada', family_name: null, picture: null },
    projects: [] as { id: string; name: string; settings: Json; created_at: string; updated_at: string }[],
    scenes: [] as {
      id: string;
      project_id: string;
      name: string;
      order: number;
      active_asset_id: null;
      settings: Json;
      preset_id: null;
      created_at: string;
      updated_at: string;
    }[],
    balance: 25,
    /** The credit ledger, newest first. */
    transactions: [] as { id: string; delta: number; reason: string; job_id: string | null; created_at: string; description: string | null }[],
    calls: [] as { method: string; path: string; body: Json }[],
    failures: new Map<string, { status: number; message: string }>(),
  };
  let seq = 0;
  const id = (prefix: string) => `${prefix}-${++seq}`;
  const ok = (body: Json, status = 200) => ({ status, body });
  const error = (status: number, code: string, message: string) => ({ status, body: { status: 'error', error: { code, message }, message } });

  const routes: Route[] = [
    { method: 'GET', pattern: /^\/api\/auth\/me$/, handle: () => (state.user ? ok({ user: state.user }) : error(401, 'unauthenticated', 'Not signed in')) },
    {
      method: 'POST',
      pattern: /^\/api\/auth\/signup$/,
      handle: (_m, body) => {
        const b = body as { email: string };
        state.user = { id: 'u2', email: b.email, given_name: null as unknown as string, family_name: null, picture: null };
        return ok({ token: 't', user: state.user }, 201);
      },
    },
    { method: 'POST', pattern: /^\/api\/auth\/signout$/, handle: () => ((state.user = null), ok({ status: 'success', data: {} })) },
    { method: 'GET', pattern: /^\/api\/projects$/, handle: () => ok({ status: 'success', data: [...state.projects].reverse() }) },
    {
      method: 'POST',
      pattern: /^\/api\/projects$/,
      handle: (_m, body) => {
        const b = body as { project_name: string; first_scene_name?: string };
        const project = {
          id: id('p'),
          name: b.project_name,
          settings: { quality: 'medium', resolution: '1024x1536', duration: 5 },
          created_at: now(),
          updated_at: now(),
        };
        state.projects.push(project);
        if (b.first_scene_name === undefined) return ok({ status: 'success', data: project }, 201);
        const scene = {
          id: id('s'),
          project_id: project.id,
          name: b.first_scene_name,
          order: 1,
          active_asset_id: null,
          settings: project.settings,
          preset_id: null,
          created_at: now(),
          updated_at: now(),
        };
        state.scenes.push(scene);
        return ok({ status: 'success', data: { ...project, first_scene: scene } }, 201);
      },
    },
    {
      method: 'PATCH',
      pattern: /^\/api\/projects\/([^/]+)$/,
      handle: (m, body) => {
        const project = state.projects.find((p) => p.id === m[1]);
        if (!project) return error(404, 'not_found', 'Project not found');
        project.name = (body as { project_name: string }).project_name;
        return ok({ status: 'success', data: project });
      },
    },
    {
      method: 'GET',
      pattern: /^\/api\/projects\/([^/]+)\/scenes$/,
      handle: (m) => ok({ status: 'success', data: state.scenes.filter((s) => s.project_id === m[1]).sort((a, b) => a.order - b.order) }),
    },
    {
      method: 'POST',
      pattern: /^\/api\/projects\/([^/]+)\/scenes$/,
      handle: (m, body) => {
        const projectId = m[1] ?? '';
        const order = state.scenes.filter((s) => s.project_id === projectId).length;
        const scene = {
          id: id('s'),
          project_id: projectId,
          name: (body as { name: string }).name,
          order,
          active_asset_id: null,
          settings: {},
          preset_id: null,
          created_at: now(),
          updated_at: now(),
        };
        state.scenes.push(scene);
        return ok({ status: 'success', data: scene }, 201);
      },
    },
    {
      method: 'PATCH',
      pattern: /^\/api\/scenes\/([^/]+)$/,
      handle: (m, body) => {
        const scene = state.scenes.find((s) => s.id === m[1]);
        if (!scene) return error(404, 'not_found', 'Campaign not found');
        Object.assign(scene, body as object);
        return ok({ status: 'success', data: scene });
      },
    },
    {
      method: 'GET',
      pattern: /^\/api\/projects\/([^/]+)\/storyboard$/,
      handle: (m) =>
        ok({
          success: true,
          data: {
            scenes: state.scenes.filter((s) => s.project_id === m[1]).map((s) => ({ ...s, media: [] })),
            unassigned_media: [],
            stats: { media_by_type: { image: 0, video: 0, audio: 0 } },
            settings: { quality: 'medium', resolution: '1024x1536', duration: 5 },
          },
        }),
    },
    {
      method: 'GET',
      pattern: /^\/api\/credits\/balance$/,
      handle: () =>
        ok({
          balance: state.balance,
          generated_media: { images: 0, videos: 0 },
          subscription_tier: 'free',
          subscription_package: null,
          low_credit_threshold: 10,
        }),
    },
    {
      method: 'GET',
      pattern: /^\/api\/credits\/transactions$/,
      handle: (_m, _body, url) => {
        const page = Number(url.searchParams.get('page') ?? '1');
        const perPage = Number(url.searchParams.get('per_page') ?? '20');
        const transactions = state.transactions.slice((page - 1) * perPage, page * perPage);
        return ok({ status: 'success', data: { transactions, page, per_page: perPage, total: state.transactions.length } });
      },
    },
    { method: 'GET', pattern: /^\/api\/feature-flags\/check\/([^/]+)$/, handle: () => ok({ isEnabled: true }) },
    { method: 'GET', pattern: /^\/api\/reference-images\/(scene|project)\/([^/]+)$/, handle: () => ok({ success: true, reference_images: [] }) },
    {
      method: 'GET',
      pattern: /^\/api\/chat\/history$/,
      handle: () => ok({ status: 'success', data: { messages: [], pagination: { page: 1, per_page: 50, total: 0, total_pages: 0 } } }),
    },
    {
      method: 'GET',
      pattern: /^\/api\/chat\/style-presets$/,
      handle: () => ok({ status: 'success', message: 'ok', data: { presets: [], page: 1, per_page: 100, total: 0 } }),
    },
  ];

  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const { request, url, body } = await readFakeRequest(input, init);
    state.calls.push({ method: request.method, path: url.pathname, body });
    const failure = state.failures.get(`${request.method} ${url.pathname}`);
    const result = failure
      ? error(failure.status, 'validation_error', failure.message)
      : await (async () => {
          for (const route of routes) {
            const match = url.pathname.match(route.pattern);
            if (route.method === request.method && match) return route.handle(match, body, url);
          }
          return error(404, 'not_found', 'Not found');
        })();
    return new Response(JSON.stringify(result.body), { status: result.status, headers: { 'Content-Type': 'application/json' } });
  });

  return {
    state,
    fetch: fetchImpl,
    install: () => vi.stubGlobal('fetch', fetchImpl),
    /** A project of the user, with no settings. */
    addProject: (project: { id: string; name: string }) => state.projects.push({ ...project, settings: {}, created_at: '', updated_at: '' }),
    /** A campaign of a project, with no cover, settings or preset. */
    addScene: (scene: { id: string; project_id: string; name: string; order: number }) =>
      state.scenes.push({ ...scene, active_asset_id: null, settings: {}, preset_id: null, created_at: '', updated_at: '' }),
  };
}
