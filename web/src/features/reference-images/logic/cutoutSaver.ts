import type { CutoutAdjustment } from './cutoutEdits';

/** waiting: an edit is held back for the next few; saving: a request is out; failed: the last one was refused. */
export type CutoutSaveStatus = 'idle' | 'waiting' | 'saving' | 'failed';

export interface CutoutSaverOptions<Answer> {
  /** PUT with the body, or DELETE (back to automatic) for null. */
  send: (body: CutoutAdjustment | null) => Promise<Answer>;
  onAnswer: (answer: Answer) => void;
  /** Only for the newest request: an older one's failure is made moot by the newer one. */
  onError: (error: unknown) => void;
  onStatus: (status: CutoutSaveStatus) => void;
  /** How long an edit waits for the next one before it is sent. */
  debounceMs: number;
}

export interface CutoutSaver {
  /** Sends this body after the pause, unless another comes first (then only the newer is sent). */
  schedule: (body: CutoutAdjustment | null) => void;
  /**
   * Sends what is waiting now (Done, and closing the editor, so no edit is lost); resolves when
   * nothing is left to send, true when the last request succeeded.
   */
  flush: () => Promise<boolean>;
}

/**
 * Re-solves of one cutout, one request at a time: a burst of edits becomes one request, an edit made
 * while a request is out is sent when it returns (never two at once, so the server stores the newest
 * last), and the mask on screen changes only when an answer arrives.
 */
export function createCutoutSaver<Answer>(options: CutoutSaverOptions<Answer>): CutoutSaver {
  let latest: CutoutAdjustment | null = null;
  let pending = false;
  let inFlight = false;
  let lastOk = true;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let waiters: ((ok: boolean) => void)[] = [];

  const settle = () => {
    const done = waiters;
    waiters = [];
    for (const resolve of done) resolve(lastOk);
  };

  const run = () => {
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    if (inFlight || !pending) return;
    pending = false;
    inFlight = true;
    options.onStatus('saving');
    const body = latest;
    options
      .send(body)
      .then(
        (answer) => {
          lastOk = true;
          options.onAnswer(answer);
        },
        (error: unknown) => {
          lastOk = false;
          if (!pending) options.onError(error);
        },
      )
      .finally(() => {
        inFlight = false;
        if (pending) {
          // Edits made meanwhile: send the newest at once, the pause is long over.
          run();
          return;
        }
        options.onStatus(lastOk ? 'idle' : 'failed');
        settle();
      });
  };

  return {
    schedule: (body) => {
      latest = body;
      pending = true;
      if (timer !== null) clearTimeout(timer);
      if (!inFlight) options.onStatus('waiting');
      timer = setTimeout(run, options.debounceMs);
    },
    flush: () => {
      if (!pending && !inFlight) return Promise.resolve(lastOk);
      const done = new Promise<boolean>((resolve) => waiters.push(resolve));
      run();
      return done;
    },
  };
}
