import type { paths } from './schema';

type JsonOf<R> = R extends { content: { 'application/json': infer J } } ? J : never;
type Responses<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { responses: infer R } ? R : never;

/** The JSON body of the 200 or 201 answer of an operation. */
export type OkBody<P extends keyof paths, M extends keyof paths[P]> =
  JsonOf<Responses<P, M>[200 & keyof Responses<P, M>]> | JsonOf<Responses<P, M>[201 & keyof Responses<P, M>]>;

/** The JSON request body of an operation. */
export type RequestBody<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;

export type User = OkBody<'/api/auth/me', 'get'>['user'];
export type AuthResponse = OkBody<'/api/auth/signin', 'post'>;
export type SignupBody = RequestBody<'/api/auth/signup', 'post'>;
export type SigninBody = RequestBody<'/api/auth/signin', 'post'>;

export type Project = OkBody<'/api/projects', 'get'>['data'][number];
export type CreateProjectBody = RequestBody<'/api/projects', 'post'>;
export type Scene = OkBody<'/api/projects/{id}/scenes', 'get'>['data'][number];
export type CreateSceneBody = RequestBody<'/api/projects/{id}/scenes', 'post'>;
export type UpdateSceneBody = RequestBody<'/api/scenes/{id}', 'patch'>;

export type Storyboard = OkBody<'/api/projects/{id}/storyboard', 'get'>['data'];
export type StoryboardScene = Storyboard['scenes'][number];
export type MediaAsset = Storyboard['unassigned_media'][number];

export type CreditBalance = OkBody<'/api/credits/balance', 'get'>;
