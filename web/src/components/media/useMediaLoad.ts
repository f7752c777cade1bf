import { useCallback, useState } from 'react';
import { canRetry, INITIAL_MEDIA_LOAD, mediaLoadReducer, mediaSrc, type MediaLoadAction, type MediaLoadState } from './mediaLoad';

export interface MediaLoad {
  state: MediaLoadState;
  /** The URL to put on the element (cache-busted after a retry). */
  src: string;
  canRetry: boolean;
  onLoad: () => void;
  onError: () => void;
  retry: () => void;
}

/** The load state of one media URL; a different URL starts again from loading. */
export function useMediaLoad(url: string): MediaLoad {
  const [entry, setEntry] = useState({ url, state: INITIAL_MEDIA_LOAD });
  const state = entry.url === url ? entry.state : INITIAL_MEDIA_LOAD;
  const dispatch = useCallback(
    (action: MediaLoadAction) =>
      setEntry((previous) => {
        const base = previous.url === url ? previous.state : INITIAL_MEDIA_LOAD;
        const next = mediaLoadReducer(base, action);
        return next === previous.state && previous.url === url ? previous : { url, state: next };
      }),
    [url],
  );
  const onLoad = useCallback(() => dispatch({ type: 'loaded' }), [dispatch]);
  const onError = useCallback(() => dispatch({ type: 'failed' }), [dispatch]);
  const retry = useCallback(() => dispatch({ type: 'retry' }), [dispatch]);
  return { state, src: mediaSrc(url, state.retries), canRetry: canRetry(state), onLoad, onError, retry };
}
