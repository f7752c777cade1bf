import { act, screen, waitFor } from '@testing-library/react';
import { queryKeys } from '@/api/queryKeys';
import { useMe } from '@/features/auth';
import { CreditBadge } from '@/features/credits';
import { jobProgressStore, liveEventStatus } from '@/lib/events';
import { AfterEffects } from '@/test/afterEffects';
import { FakeEventSource } from '@/test/fakeEventSource';
import { createFakeServer } from '@/test/fakeServer';
import { renderWithApp } from '@/test/render';
import { LiveEvents } from './LiveEvents';

beforeEach(() => {
  FakeEventSource.reset();
  vi.stubGlobal('EventSource', FakeEventSource);
});

/** Who `/api/auth/me` says is there, once it has answered and the components before it have reacted. */
function MeAnswered() {
  const me = useMe();
  return me.isSuccess ? <AfterEffects value={me.data ? 'signed in' : 'visitor'} /> : null;
}

/** The credit badge beside the live stream, once both are up. */
async function renderBadgeAndStream(): Promise<void> {
  renderWithApp(
    <>
      <LiveEvents />
      <CreditBadge />
    </>,
  );
  expect(await screen.findByText('25 Credits')).toBeInTheDocument();
  await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
}

describe('LiveEvents', () => {
  it('opens the stream for a signed-in user and applies credits-changed to the badge', async () => {
    createFakeServer().install();
    await renderBadgeAndStream();
    const source = FakeEventSource.latest();
    expect(source.url).toBe('/api/events');
    act(() => source.open());
    expect(liveEventStatus.get()).toBe('open');
    act(() => source.emit('credits-changed', { balance: 42 }, '3'));
    expect(await screen.findByText('42 Credits')).toBeInTheDocument();
  });

  it('reloads the balance once the stream first opens, as a job may have ended while the page loaded', async () => {
    const server = createFakeServer();
    server.install();
    await renderBadgeAndStream();
    const balanceReads = () => server.state.calls.filter((c) => c.path === '/api/credits/balance').length;
    const before = balanceReads();
    act(() => FakeEventSource.latest().open());
    await waitFor(() => expect(balanceReads()).toBe(before + 1));
  });

  it('stays closed for a visitor', async () => {
    const server = createFakeServer({ signedIn: false });
    server.install();
    renderWithApp(
      <>
        <LiveEvents />
        <MeAnswered />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId('after-effects')).toHaveTextContent('visitor'));
    expect(server.state.calls.filter((c) => c.path === '/api/auth/me')).toHaveLength(1);
    expect(FakeEventSource.instances).toHaveLength(0);
  });

  it('closes the stream and forgets job progress on sign-out', async () => {
    createFakeServer().install();
    const { queryClient } = renderWithApp(<LiveEvents />);
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const source = FakeEventSource.latest();
    act(() => {
      source.open();
      source.emit('job-progress', { event_id: 1, job_id: 'job-1', project_id: 'p-1', status: 'processing', progress: 20 }, '1');
    });
    expect(jobProgressStore.getSnapshot()['job-1']?.progress).toBe(20);

    act(() => queryClient.setQueryData(queryKeys.me, null));
    await waitFor(() => expect(source.closed).toBe(true));
    expect(jobProgressStore.getSnapshot()).toEqual({});
    expect(liveEventStatus.get()).toBe('idle');
  });
});
