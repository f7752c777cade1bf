import type { CutoutAdjustment } from './cutoutEdits';
import { createCutoutSaver, type CutoutSaveStatus } from './cutoutSaver';

const body = (x: number): CutoutAdjustment => ({ keep: [[[x, 1]]], remove: [], brush_px: 10 });

/** A send whose requests the test answers one by one. */
function harness() {
  const sent: { body: CutoutAdjustment | null; resolve: (answer: string) => void; reject: (error: Error) => void }[] = [];
  const answers: string[] = [];
  const errors: unknown[] = [];
  const statuses: CutoutSaveStatus[] = [];
  const saver = createCutoutSaver<string>({
    send: (b) => new Promise<string>((resolve, reject) => sent.push({ body: b, resolve, reject })),
    onAnswer: (answer) => answers.push(answer),
    onError: (error) => errors.push(error),
    onStatus: (status) => statuses.push(status),
    debounceMs: 300,
  });
  return { saver, sent, answers, errors, statuses };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('createCutoutSaver', () => {
  it('sends a burst of edits as one request with the newest body, after the pause', async () => {
    const { saver, sent, answers, statuses } = harness();
    saver.schedule(body(1));
    await vi.advanceTimersByTimeAsync(200);
    saver.schedule(body(2));
    await vi.advanceTimersByTimeAsync(299);
    expect(sent).toHaveLength(0);
    expect(statuses).toEqual(['waiting', 'waiting']);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.map((s) => s.body)).toEqual([body(2)]);
    sent[0]?.resolve('mask-2');
    await vi.runAllTimersAsync();
    expect(answers).toEqual(['mask-2']);
    expect(statuses.at(-1)).toBe('idle');
  });

  it('never has two requests out: an edit made meanwhile goes when the first returns', async () => {
    const { saver, sent, answers } = harness();
    saver.schedule(body(1));
    await vi.advanceTimersByTimeAsync(300);
    saver.schedule(body(2));
    saver.schedule(body(3));
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toHaveLength(1);
    sent[0]?.resolve('mask-1');
    await vi.advanceTimersByTimeAsync(0);
    // The previous mask is shown until the newest arrives.
    expect(answers).toEqual(['mask-1']);
    expect(sent.map((s) => s.body)).toEqual([body(1), body(3)]);
    sent[1]?.resolve('mask-3');
    await vi.advanceTimersByTimeAsync(0);
    expect(answers).toEqual(['mask-1', 'mask-3']);
  });

  it('reports a refusal of the newest request, and not of one made moot by a newer edit', async () => {
    const { saver, sent, errors, statuses } = harness();
    saver.schedule(body(1));
    await vi.advanceTimersByTimeAsync(300);
    saver.schedule(body(2));
    sent[0]?.reject(new Error('stale'));
    await vi.advanceTimersByTimeAsync(0);
    expect(errors).toEqual([]);
    sent[1]?.reject(new Error('At most 200 strokes'));
    await vi.advanceTimersByTimeAsync(0);
    expect(errors).toEqual([new Error('At most 200 strokes')]);
    expect(statuses.at(-1)).toBe('failed');
  });

  it('flush sends at once and resolves when all is stored; null goes as the reset', async () => {
    const { saver, sent } = harness();
    saver.schedule(null);
    const done = saver.flush();
    expect(sent.map((s) => s.body)).toEqual([null]);
    let settled: boolean | undefined;
    void done.then((ok) => (settled = ok));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBeUndefined();
    sent[0]?.resolve('auto');
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(true);
    // Nothing waiting: resolves at once, with how the last one went.
    await expect(saver.flush()).resolves.toBe(true);
    // The timer of a flushed edit does not send it again.
    await vi.runAllTimersAsync();
    expect(sent).toHaveLength(1);
  });

  it('flush reports a failure, so Done keeps the editor open', async () => {
    const { saver, sent } = harness();
    saver.schedule(body(1));
    const done = saver.flush();
    sent[0]?.reject(new Error('Points must lie on the photo'));
    await expect(done).resolves.toBe(false);
  });
});
