import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onTestFinished, vi } from 'vitest';
import { AUTH_MODAL_DELAY_MS } from '@/features/auth/components/AuthGate';
import { track } from '@/lib/analytics';
import { storageKeys } from '@/lib/storage';
import { createFakeServer } from '@/test/fakeServer';
import { renderWithApp } from '@/test/render';
import { CreatePage } from './CreatePage';

/** The studio open on project Alpha with its Campaign 1 (after `before` changes the fake server), once the campaign shows. */
async function openAlpha(before: (server: ReturnType<typeof createFakeServer>) => void = () => {}) {
  const server = createFakeServer();
  server.addProject({ id: 'p-a', name: 'Alpha' });
  server.addScene({ id: 's-0', project_id: 'p-a', name: 'Campaign 1', order: 0 });
  before(server);
  server.install();
  const user = userEvent.setup();
  renderWithApp(<CreatePage />);
  await waitFor(() => expect(screen.getByTestId('current-scene')).toHaveTextContent('Campaign 1'));
  return { server, user };
}

describe('/create', () => {
  it('shows Loading... then the blurred workspace and the auth modal to a visitor', async () => {
    createFakeServer({ signedIn: false }).install();
    renderWithApp(<CreatePage />);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByTestId('blurred-workspace')).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('tab', { name: 'Sign up' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByRole('tab', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('does not open the auth modal outside /create', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => void vi.useRealTimers());
    createFakeServer({ signedIn: false }).install();
    renderWithApp(<CreatePage />, { route: '/pricing' });
    expect(await screen.findByTestId('blurred-workspace')).toBeInTheDocument();
    // Past the moment the modal opens on /create.
    await act(() => vi.advanceTimersByTimeAsync(AUTH_MODAL_DELAY_MS));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a server error inline in the auth modal', async () => {
    const server = createFakeServer({ signedIn: false });
    server.state.failures.set('POST /api/auth/signup', { status: 429, message: 'Too many attempts. Please try again later.' });
    server.install();
    const user = userEvent.setup();
    renderWithApp(<CreatePage />);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'correct horse');
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));
    expect(await within(dialog).findByText('Too many attempts. Please try again later.')).toBeInTheDocument();
  });

  it('signs up, then creates the first project with Campaign 1', async () => {
    const server = createFakeServer({ signedIn: false });
    server.install();
    const user = userEvent.setup();
    renderWithApp(<CreatePage />);
    const auth = await screen.findByRole('dialog');
    await user.type(within(auth).getByLabelText('Email'), 'new@example.com');
    await user.type(within(auth).getByLabelText('Password'), 'correct horse');
    await user.click(within(auth).getByRole('button', { name: 'Create account' }));

    const create = await screen.findByRole('dialog', { name: 'Create New Project' });
    const input = within(create).getByLabelText('Project Name');
    expect(input).toHaveValue('New Project 1');
    expect(input).toHaveAttribute('placeholder', 'Enter project name');

    await user.clear(input);
    await user.click(within(create).getByRole('button', { name: 'Create' }));
    expect(within(create).getByText('Project name cannot be empty')).toBeInTheDocument();
    await user.type(input, 'Spring launch');
    expect(within(create).queryByText('Project name cannot be empty')).not.toBeInTheDocument();
    await user.click(within(create).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Project created successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('current-scene')).toHaveTextContent('Campaign 1'), { timeout: 4000 });
    expect(screen.getByTestId('current-project')).toHaveTextContent('Spring launch');
    // The first campaign comes with the project, in the same request.
    expect(server.state.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/scenes'))).toHaveLength(0);
    expect(server.state.calls.find((c) => c.path === '/api/projects' && c.method === 'POST')?.body).toEqual({
      project_name: 'Spring launch',
      pre_production_settings: { quality: 'medium', resolution: '1024x1536', duration: '5' },
      first_scene_name: 'Campaign 1',
    });
    // The creation is counted (and its batch sent before the next test starts).
    const tracked = () =>
      server.state.calls.filter((c) => c.path === '/api/analytics/events').flatMap((c) => (c.body as { events: { name: string }[] }).events.map((e) => e.name));
    await waitFor(() => expect(tracked()).toContain('project_created'), { timeout: 3000 });
  });

  it('opens the sign-in modal in sign-in mode after the login redirect (?auth=signin)', async () => {
    createFakeServer({ signedIn: false }).install();
    renderWithApp(<CreatePage />, { route: '/create?auth=signin' });
    const dialog = await screen.findByRole('dialog', { name: 'Welcome back' });
    expect(within(dialog).getByRole('tab', { name: 'Sign in' })).toHaveAttribute('aria-selected', 'true');
  });

  it('after a sign-up sends signup_success once and initialises the user once per session', async () => {
    sessionStorage.clear();
    const server = createFakeServer({ signedIn: false });
    server.install();
    const user = userEvent.setup();
    const { unmount } = renderWithApp(<CreatePage />);
    const auth = await screen.findByRole('dialog');
    await user.type(within(auth).getByLabelText('First name'), 'Ada');
    await user.type(within(auth).getByLabelText('Email'), 'new@example.com');
    await user.type(within(auth).getByLabelText('Password'), 'correct horse');
    await user.click(within(auth).getByRole('button', { name: 'Create account' }));
    await screen.findByRole('dialog', { name: 'Create New Project' });
    const analytics = () =>
      server.state.calls.filter((c) => c.path === '/api/analytics/events').flatMap((c) => (c.body as { events: { name: string }[] }).events.map((e) => e.name));
    await waitFor(() => expect(analytics()).toEqual(['signup_success']), { timeout: 3000 });
    const initialized = () => server.state.calls.filter((c) => c.path === '/api/auth/initialize-user');
    expect(initialized()).toHaveLength(1);
    expect(initialized()[0]?.body).toMatchObject({ sub: 'u2', email: 'new@example.com' });
    expect(localStorage.getItem(storageKeys.signupPending)).toBeNull();

    unmount();
    renderWithApp(<CreatePage />);
    await screen.findByRole('dialog', { name: 'Create New Project' });
    // The user is initialised and signup_success queued as the page learns who is signed in, before
    // the workspace loads. An event sent now goes out in one batch with anything queued before it.
    track('page_view', {}, { now: true });
    await waitFor(() => expect(analytics()).toEqual(['signup_success', 'page_view']));
    expect(initialized()).toHaveLength(1);
  }, 15_000);

  it('restores the remembered project and scene', async () => {
    const server = createFakeServer();
    server.addProject({ id: 'p-a', name: 'Alpha' });
    server.addProject({ id: 'p-b', name: 'Beta' });
    for (const [i, name] of ['One', 'Two'].entries()) {
      server.addScene({ id: `s-${i}`, project_id: 'p-a', name, order: i });
    }
    server.install();
    localStorage.setItem(storageKeys.lastProject, 'p-a');
    localStorage.setItem(storageKeys.lastScene('p-a'), 's-1');
    renderWithApp(<CreatePage />);
    await waitFor(() => expect(screen.getByTestId('current-project')).toHaveTextContent('Alpha'));
    await waitFor(() => expect(screen.getByTestId('current-scene')).toHaveTextContent('Two'));
    expect(await screen.findAllByTestId('scene-card')).toHaveLength(2);
    expect(screen.getByText('2 campaigns')).toBeInTheDocument();
  });

  it('creates Campaign 1 for a project without scenes, and shows the credit badge', async () => {
    const server = createFakeServer();
    server.addProject({ id: 'p-a', name: 'Alpha' });
    server.install();
    renderWithApp(<CreatePage />);
    await waitFor(() => expect(screen.getByTestId('current-scene')).toHaveTextContent('Campaign 1'));
    expect(await screen.findByText('25 Credits')).toBeInTheDocument();
  });

  it('creates a campaign; Create stays disabled while the name is blank', async () => {
    const { server, user } = await openAlpha();
    await user.click(screen.getByRole('button', { name: 'New Campaign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Campaign' });
    const input = within(dialog).getByLabelText('Campaign Name');
    expect(input).toHaveValue('Campaign 2');
    await user.clear(input);
    await user.type(input, '   ');
    expect(within(dialog).getByRole('button', { name: 'Create' })).toBeDisabled();
    await user.type(input, '{Enter}');
    expect(server.state.scenes).toHaveLength(1);
    await user.clear(input);
    await user.type(input, 'Holiday');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Campaign created successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('current-scene')).toHaveTextContent('Holiday'));
    expect(localStorage.getItem(storageKeys.lastScene('p-a'))).toBe(server.state.scenes[1]?.id);
  });

  it('renames optimistically and reports a server failure', async () => {
    const server = createFakeServer();
    server.addProject({ id: 'p-a', name: 'Alpha' });
    server.addScene({ id: 's-0', project_id: 'p-a', name: 'Campaign 1', order: 0 });
    server.state.failures.set('PATCH /api/projects/p-a', { status: 400, message: 'nope' });
    server.install();
    const user = userEvent.setup();
    renderWithApp(<CreatePage />);
    await waitFor(() => expect(screen.getByTestId('current-project')).toHaveTextContent('Alpha'));
    await user.click(screen.getByRole('button', { name: 'Select project' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename project Alpha' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename Project' });
    const input = within(dialog).getByLabelText('Project Name');
    await user.clear(input);
    await user.type(input, 'Omega');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await screen.findByText('Failed to rename project on server, but local changes were applied')).toBeInTheDocument();
    expect(screen.getByTestId('current-project')).toHaveTextContent('Omega');
  });

  it('toasts when projects or credits fail to load', async () => {
    const server = createFakeServer();
    server.state.failures.set('GET /api/projects', { status: 400, message: 'x' });
    server.state.failures.set('GET /api/credits/balance', { status: 400, message: 'x' });
    server.install();
    renderWithApp(<CreatePage />);
    expect(await screen.findByText('Failed to load your projects', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(await screen.findByText('Failed to load credits', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByText('0 Credits')).toBeInTheDocument();
  });

  it('renames a campaign, and toasts when the scene update fails', async () => {
    const { server, user } = await openAlpha();

    await user.click(screen.getByRole('button', { name: 'Select campaign' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename campaign Campaign 1' }));
    let dialog = await screen.findByRole('dialog', { name: 'Rename Campaign' });
    await user.clear(within(dialog).getByLabelText('Campaign Name'));
    await user.type(within(dialog).getByLabelText('Campaign Name'), 'Launch day');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(screen.getByTestId('current-scene')).toHaveTextContent('Launch day'));

    server.state.failures.set('PATCH /api/scenes/s-0', { status: 400, message: 'no' });
    await user.click(screen.getByRole('button', { name: 'Select campaign' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename campaign Launch day' }));
    dialog = await screen.findByRole('dialog', { name: 'Rename Campaign' });
    await user.type(within(dialog).getByLabelText('Campaign Name'), '!');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await screen.findByText('Failed to update campaign')).toBeInTheDocument();
  });

  it('restores a stored chat width inside the range and saves a new one', async () => {
    const server = createFakeServer();
    server.addProject({ id: 'p-a', name: 'Alpha' });
    server.addScene({ id: 's-0', project_id: 'p-a', name: 'Campaign 1', order: 0 });
    server.install();
    localStorage.setItem(storageKeys.chatWidth, '520');
    const user = userEvent.setup();
    renderWithApp(<CreatePage />);
    const divider = await screen.findByRole('separator', { name: 'Resize chat panel' });
    expect(screen.getByTestId('chat-panel')).toHaveStyle({ width: '520px' });
    divider.focus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(screen.getByTestId('chat-panel')).toHaveStyle({ width: '500px' });
    expect(localStorage.getItem(storageKeys.chatWidth)).toBe('500');
  });

  it('ignores a stored chat width outside the range', async () => {
    createFakeServer().install();
    localStorage.setItem(storageKeys.chatWidth, '200');
    renderWithApp(<CreatePage />);
    expect(await screen.findByTestId('chat-panel')).toHaveStyle({ width: '650px' });
  });
});
