import { ApiError } from '@/api/client';

export const INVALID_SCENES_RESPONSE = 'Invalid campaigns response from server';
export const MISSING_PROJECT_ID = 'Invalid project response: Missing project ID';
export const MISSING_SCENE_ID = 'Invalid campaign response: Missing campaign ID';

/** The scenes response must be an array. */
export function assertSceneList<T>(data: unknown): T[] {
  if (!Array.isArray(data)) throw new ApiError(INVALID_SCENES_RESPONSE, 0, 'invalid_response');
  return data as T[];
}

/** A creation response must carry an id. */
export function assertHasId<T>(data: T | null | undefined, message: string): T & { id: string } {
  const id = data && typeof data === 'object' ? (data as { id?: unknown }).id : undefined;
  if (typeof id !== 'string' || id === '') throw new ApiError(message, 0, 'invalid_response');
  return data as T & { id: string };
}
