import { useEffect, useRef } from 'react';
import { jobOutcomeStore, type JobOutcomeStore } from './jobOutcomes';
import type { JobEventData } from './payloads';

/** Calls `handler` with each job end the live stream brings while mounted; the latest handler is always used. */
export function useJobOutcomes(handler: (event: JobEventData) => void, store: JobOutcomeStore = jobOutcomeStore): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => store.subscribe((event) => latest.current(event)), [store]);
}
