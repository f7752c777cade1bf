import type { OkBody, RequestBody } from '@/api/types';

/** One entry of `GET /api/templates`: id, name, popularity, preview and the scene it stages. */
export type Template = OkBody<'/api/templates', 'get'>['data']['templates'][number];

export type TemplateGenerateBody = RequestBody<'/api/templates/generate', 'post'>;
export type RecommendationBody = RequestBody<'/api/recommendations/generate', 'post'>;
export type ImageGenerateBody = RequestBody<'/api/generate/image', 'post'>;
