import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '@/api/queryKeys';
import { useMe } from '@/features/auth';
import { jobOutcomeStore, jobProgressStore, liveEventStatus, openLiveEvents } from '@/lib/events';
import { createLiveEventHandler, refreshAfterGap } from './liveEvents';

/** Keeps `GET /api/events` open while someone is signed in and applies it to the caches. Renders nothing. */
export function LiveEvents() {
  const client = useQueryClient();
  const userId = useMe().data?.id ?? null;

  useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return;
    const stream = openLiveEvents({
      onEvent: createLiveEventHandler(client),
      onStatus: liveEventStatus.set,
      // A job that ended while the page loaded and before the stream opened sent its events to no one.
      onOpened: () => refreshAfterGap(client),
      onReconnected: ({ resumed }) => {
        if (!resumed) refreshAfterGap(client);
      },
      // The browser gave up, perhaps because the session ended: recheck it (a 401 signs the app out,
      // which closes this stream).
      onClosed: () => void client.invalidateQueries({ queryKey: queryKeys.me }),
    });
    return () => {
      stream.close();
      jobProgressStore.dispatch({ type: 'reset' });
      jobOutcomeStore.clear();
    };
  }, [client, userId]);

  return null;
}
