export { RECONNECT_DELAYS_MS, reconnectDelay } from './backoff';
export { createJobOutcomeStore, jobOutcomeStore, type JobOutcomeStore } from './jobOutcomes';
export { useJobOutcomes } from './useJobOutcomes';
export {
  createJobProgressStore,
  jobProgressReducer,
  jobProgressStore,
  jobsFor,
  useJobProgress,
  useJobProgressState,
  type JobProgress,
  type JobProgressAction,
  type JobProgressState,
  type JobProgressStore,
} from './jobProgress';
export {
  createSeenIds,
  LIVE_EVENT_TYPES,
  parseJobEvent,
  parseLiveEvent,
  type CreditsChangedData,
  type JobAsset,
  type JobEventData,
  type LiveEvent,
  type LiveEventType,
  type StoryboardUpdatedData,
} from './payloads';
export {
  liveEventStatus,
  openEventStream,
  openLiveEvents,
  resumeUrl,
  useLiveEventStatus,
  type EventSourceLike,
  type EventStream,
  type EventStreamOptions,
  type LiveEventStreamOptions,
  type StreamStatus,
} from './stream';
