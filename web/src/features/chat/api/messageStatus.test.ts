import { awaitReply, type ReplyStatus } from './messageStatus';

describe('awaitReply', () => {
  const wait = vi.fn(async () => undefined);

  it('checks every second until the answer is done', async () => {
    const answers: ReplyStatus[] = [{ status: 'pending' }, { status: 'pending' }, { status: 'completed', content: 'Here you go', structured: null }];
    const fetchStatus = vi.fn(async () => answers.shift() ?? { status: 'pending' as const });
    await expect(awaitReply('m1', { fetchStatus, wait })).resolves.toEqual({ status: 'completed', content: 'Here you go', structured: null });
    expect(fetchStatus).toHaveBeenCalledTimes(3);
    expect(wait).toHaveBeenCalledWith(1000);
  });

  it('passes on a failed answer, and counts a failed check as an attempt', async () => {
    const fetchStatus = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ status: 'failed', error: 'The assistant is unavailable' });
    await expect(awaitReply('m1', { fetchStatus, wait })).resolves.toEqual({ status: 'failed', error: 'The assistant is unavailable' });
    expect(fetchStatus).toHaveBeenCalledTimes(2);
  });

  it('gives up after 30 checks', async () => {
    const fetchStatus = vi.fn(async () => ({ status: 'pending' as const }));
    await expect(awaitReply('m1', { fetchStatus, wait })).rejects.toThrow('Message processing timed out after 30 attempts');
    expect(fetchStatus).toHaveBeenCalledTimes(30);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('left'));
    await expect(awaitReply('m1', { fetchStatus: vi.fn(), wait, signal: controller.signal })).rejects.toThrow('left');
  });
});
