/** How many times a user may retry a media item that failed to load. */
export const MAX_MEDIA_RETRIES = 3;

export type MediaLoadStatus = 'loading' | 'ready' | 'error';

export interface MediaLoadState {
  status: MediaLoadStatus;
  /** Retries used so far. */
  retries: number;
}

export type MediaLoadAction = { type: 'loaded' } | { type: 'failed' } | { type: 'retry' };

export const INITIAL_MEDIA_LOAD: MediaLoadState = { status: 'loading', retries: 0 };

export function canRetry(state: MediaLoadState): boolean {
  return state.status === 'error' && state.retries < MAX_MEDIA_RETRIES;
}

/** Pure: loading → ready | error; error → loading again on a retry, while retries remain. */
export function mediaLoadReducer(state: MediaLoadState, action: MediaLoadAction): MediaLoadState {
  switch (action.type) {
    case 'loaded':
      return state.status === 'ready' ? state : { ...state, status: 'ready' };
    case 'failed':
      return state.status === 'error' ? state : { ...state, status: 'error' };
    case 'retry':
      return canRetry(state) ? { status: 'loading', retries: state.retries + 1 } : state;
  }
}

/** The URL to load: after a retry it carries a `retry` query parameter so no cached failure is reused. */
export function mediaSrc(url: string, retries: number): string {
  if (retries <= 0) return url;
  const hashAt = url.indexOf('#');
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  return `${base}${base.includes('?') ? '&' : '?'}retry=${retries}${hash}`;
}

export type MediaType = 'image' | 'video' | 'audio';

const TYPE_LABELS: Record<MediaType, string> = { image: 'Image', video: 'Video', audio: 'Audio' };

export function isMediaType(value: unknown): value is MediaType {
  return value === 'image' || value === 'video' || value === 'audio';
}

export function mediaTypeLabel(type: MediaType): string {
  return TYPE_LABELS[type];
}

export const MEDIA_MESSAGES = {
  failedToLoad: (type: MediaType) => `${TYPE_LABELS[type]} failed to load`,
  maxRetries: 'Max retries reached',
  noUrl: 'No media URL provided',
  unsupported: 'Unsupported media type',
} as const;
