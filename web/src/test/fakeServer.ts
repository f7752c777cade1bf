import { vi } from 'vitest';
import type { components, paths } from '@/api/schema';

type Schemas = components['schemas'];
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The contract's operation for a path and method. */
type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;
/** The paths the contract serves with this method. */
type PathOf<M extends Method> = { [P in keyof paths]: paths[P][M] extends { responses: object } ? P : never }[keyof paths];
type JsonOf<R> = R extends { content: { 'application/json': infer Body } } ? Body : undefined;
type Responses<O> = O extends { responses: infer R } ? R : never;
type RequestBody<O> = O extends { requestBody?: { content: { 'application/json': infer Body } } } ? Body : undefined;
/** The `{name}` parts of a path template. */
type ParamName<P> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamName<Rest> : never;

/** An answer made by a route's `reply`, which checks it against the contract (and marks it so). */
interface Reply {
  status: number;
  body: unknown;
  checked: true;
}

interface Route {
  method: string;
  pattern: RegExp;
  names: string[];
  handle: (params: Record<string, string>, body: unknown, url: URL) => Reply;
}

/**
 * A route of the fake server, named by the contract's path template: its request body and every
 * answer it gives are the generated schema's, so a fake that drifts from the API does not compile.
 */
function route<M extends Method, P extends PathOf<M>>(
  method: M,
  path: P,
  handle: (request: {
    params: Record<ParamName<P>, string>;
    body: RequestBody<Operation<P, M>>;
    url: URL;
    /** An answer with a status the operation declares, and that status's body. */
    reply: <S extends keyof Responses<Operation<P, M>> & number>(status: S, body: JsonOf<Responses<Operation<P, M>>[S]>) => Reply;
  }) => Reply,
): Route {
  const names: string[] = [];
  const pattern = new RegExp(
    `^${path.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
      names.push(name);
      return '([^/]+)';
    })}$`,
  );
  return {
    method: method.toUpperCase(),
    pattern,
    names,
    handle: (params, body, url) =>
      handle({
        params: params as Record<ParamName<P>, string>,
        body: body as RequestBody<Operation<P, M>>,
        url,
        reply: (status, body) => ({ status, body, checked: true }),
      }),
  };
}

const now = () => new Date().toISOString();

/** The settings a project starts with on the server. */
const defaultSettings: Schemas['Settings'] = { quality: 'medium', resolution: '1024x1536', duration: 5 };

/** The error envelope the server answers with. */
function errorBody(code: string, message: string): Schemas['ErrorResponse'] {
  return { status: 'error', error: { code, message }, message };
}

/** What a fake server's `fetch` was asked: the request, its URL and its JSON body (undefined when empty). */
export async function readFakeRequest(input: RequestInfo | URL, init?: RequestInit): Promise<{ request: Request; url: URL; body: unknown }> {
  const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
  const text = request.method === 'GET' ? '' : await request.text();
  return { request, url: new URL(request.url), body: text ? (JSON.parse(text) as unknown) : undefined };
}

/** An in-memory stand-in for the studio API, enough for component tests, typed by the API's schema. */
export function createFakeServer(options: { signedIn?: boolean } = {}) {
  const ada: Schemas['UserView'] = { id: 'u1', email: 'ada@example.com', given_name: 'Ada', family_name: null, picture: null, created_at: now() };
  const state = {
    user: options.signedIn === false ? null : (ada as Schemas['UserView'] | null),
    projects: [] as Schemas['ProjectView'][],
    scenes: [] as Schemas['SceneView'][],
    balance: 25,
    /** The credit ledger, newest first. */
    transactions: [] as Schemas['CreditTransaction'][],
    calls: [] as { method: string; path: string; body: unknown }[],
    /** Answers forced for `METHOD /path` (any status, the server's error envelope). */
    failures: new Map<string, { status: number; message: string }>(),
  };
  let seq = 0;
  const id = (prefix: string) => `${prefix}-${++seq}`;
  const newScene = (projectId: string, name: string, order: number, settings: Schemas['Settings']): Schemas['SceneView'] => ({
    id: id('s'),
    project_id: projectId,
    name,
    order,
    active_asset_id: null,
    settings,
    preset_id: null,
    created_at: now(),
    updated_at: now(),
  });

  const routes: Route[] = [
    route('get', '/api/auth/me', ({ reply }) => (state.user ? reply(200, { user: state.user }) : reply(401, errorBody('unauthenticated', 'Not signed in')))),
    route('post', '/api/auth/signup', ({ body, reply }) => {
      const user = {
        id: 'u2',
        email: body.email,
        given_name: body.given_name ?? null,
        family_name: body.family_name ?? null,
        picture: null,
        created_at: now(),
      };
      state.user = user;
      return reply(201, { token: 't', user });
    }),
    route('post', '/api/auth/signout', ({ reply }) => {
      state.user = null;
      return reply(200, { status: 'success', data: null });
    }),
    route('post', '/api/auth/initialize-user', ({ reply }) =>
      state.user ? reply(200, { status: 'success', data: { user: state.user } }) : reply(401, errorBody('unauthenticated', 'Not signed in')),
    ),
    route('get', '/api/projects', ({ reply }) => reply(200, { status: 'success', data: [...state.projects].reverse() })),
    route('post', '/api/projects', ({ body, reply }) => {
      const project: Schemas['ProjectView'] = { id: id('p'), name: body.project_name, settings: defaultSettings, created_at: now(), updated_at: now() };
      state.projects.push(project);
      if (body.first_scene_name === undefined || body.first_scene_name === null) return reply(201, { status: 'success', data: project });
      const scene = newScene(project.id, body.first_scene_name, 1, project.settings);
      state.scenes.push(scene);
      return reply(201, { status: 'success', data: { ...project, first_scene: scene } });
    }),
    route('patch', '/api/projects/{id}', ({ params, body, reply }) => {
      const project = state.projects.find((p) => p.id === params.id);
      if (!project) return reply(404, errorBody('not_found', 'Project not found'));
      if (body.project_name) project.name = body.project_name;
      return reply(200, { status: 'success', data: project });
    }),
    route('get', '/api/projects/{id}/scenes', ({ params, reply }) =>
      reply(200, { status: 'success', data: state.scenes.filter((s) => s.project_id === params.id).sort((a, b) => a.order - b.order) }),
    ),
    route('post', '/api/projects/{id}/scenes', ({ params, body, reply }) => {
      const order = state.scenes.filter((s) => s.project_id === params.id).length;
      const scene = newScene(params.id, body.name, order, defaultSettings);
      state.scenes.push(scene);
      return reply(201, { status: 'success', data: scene });
    }),
    route('patch', '/api/scenes/{id}', ({ params, body, reply }) => {
      const scene = state.scenes.find((s) => s.id === params.id);
      if (!scene) return reply(404, errorBody('not_found', 'Campaign not found'));
      if (body.name) scene.name = body.name;
      if (body.settings) {
        const { quality, resolution, duration } = body.settings;
        scene.settings = {
          quality: quality ?? scene.settings.quality,
          resolution: resolution ?? scene.settings.resolution,
          duration: duration ? Number(duration) : scene.settings.duration,
        };
      }
      return reply(200, { status: 'success', data: scene });
    }),
    route('get', '/api/projects/{id}/storyboard', ({ params, reply }) =>
      reply(200, {
        success: true,
        data: {
          scenes: state.scenes.filter((s) => s.project_id === params.id).map((s) => ({ ...s, media: [] })),
          unassigned_media: [],
          stats: { media_by_type: { image: 0, video: 0, audio: 0 } },
          settings: defaultSettings,
        },
      }),
    ),
    route('get', '/api/credits/balance', ({ reply }) =>
      reply(200, {
        balance: state.balance,
        generated_media: { images: 0, videos: 0 },
        subscription_tier: 'free',
        subscription_package: null,
        low_credit_threshold: 10,
      }),
    ),
    route('get', '/api/credits/transactions', ({ url, reply }) => {
      const page = Number(url.searchParams.get('page') ?? '1');
      const perPage = Number(url.searchParams.get('per_page') ?? '20');
      const transactions = state.transactions.slice((page - 1) * perPage, page * perPage);
      return reply(200, { status: 'success', data: { transactions, page, per_page: perPage, total: state.transactions.length } });
    }),
    route('get', '/api/feature-flags/check/{flag}', ({ reply }) => reply(200, { isEnabled: true })),
    route('get', '/api/reference-images/scene/{id}', ({ reply }) => reply(200, { success: true, reference_images: [] })),
    route('get', '/api/reference-images/project/{id}', ({ reply }) => reply(200, { success: true, reference_images: [] })),
    route('get', '/api/chat/history', ({ reply }) =>
      reply(200, { status: 'success', data: { messages: [], pagination: { page: 1, per_page: 50, total: 0 } } }),
    ),
    route('get', '/api/chat/style-presets', ({ reply }) =>
      reply(200, { status: 'success', message: 'ok', data: { presets: [], page: 1, per_page: 100, total: 0 } }),
    ),
  ];

  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const { request, url, body } = await readFakeRequest(input, init);
    state.calls.push({ method: request.method, path: url.pathname, body });
    const failure = state.failures.get(`${request.method} ${url.pathname}`);
    const answer = failure ? { status: failure.status, body: errorBody('validation_error', failure.message) } : answerFor(request.method, url, body);
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });

  function answerFor(method: string, url: URL, body: unknown): { status: number; body: unknown } {
    for (const { method: routeMethod, pattern, names, handle } of routes) {
      const match = routeMethod === method ? url.pathname.match(pattern) : null;
      if (match) return handle(Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? '')])), body, url);
    }
    return { status: 404, body: errorBody('not_found', 'Not found') };
  }

  return {
    state,
    fetch: fetchImpl,
    install: () => vi.stubGlobal('fetch', fetchImpl),
    /** A project of the user, with the default settings. */
    addProject: (project: { id: string; name: string }) => state.projects.push({ ...project, settings: defaultSettings, created_at: '', updated_at: '' }),
    /** A campaign of a project, with no cover or preset and the default settings. */
    addScene: (scene: { id: string; project_id: string; name: string; order: number }) =>
      state.scenes.push({ ...scene, active_asset_id: null, settings: defaultSettings, preset_id: null, created_at: '', updated_at: '' }),
  };
}
