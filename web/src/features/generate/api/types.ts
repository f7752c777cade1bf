import type { OkBody, RequestBody } from '@/api/types';

/** One entry of `GET /api/templates`: id, name, popularity, preview and the scene it stages. */
export type Template = OkBody<'/api/templates', 'get'>['data']['templates'][number];

export type TemplateGenerateBody = RequestBody<'/api/templates/generate', 'post'>;
export type RecommendationBody = RequestBody<'/api/recommendations/generate', 'post'>;
export type ImageGenerateBody = RequestBody<'/api/generate/image', 'post'>;

/** What a start call answered: the job to follow, and the template's name when there is one. */
export interface StartedJob {
  jobId: string;
  /** Every job started, one per variation, `jobId` first. */
  jobIds: string[];
  templateName: string | null;
  statusUrl: string | null;
}
