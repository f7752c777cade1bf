import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { createQueryClient } from '@/api/queryClient';
import { storageKeys } from '@/lib/storage';
import { createFakeServer } from '@/test/fakeServer';
import { useWorkspaceController } from './useWorkspaceController';

function setup(route: string) {
  const server = createFakeServer();
  for (const id of ['p-a', 'p-b', 'p-c']) {
    server.addProject({ id, name: id.toUpperCase() });
    server.addScene({ id: `s-${id}`, project_id: id, name: 'Campaign 1', order: 1 });
  }
  server.install();
  const client = createQueryClient();
  const where = { pathname: '' };
  function Probe() {
    where.pathname = useLocation().pathname;
    return null;
  }
  // The two routes of the app, each with the workspace.
  const wrapper = ({ children }: { children: ReactNode }) => {
    const page = (
      <>
        {children}
        <Probe />
      </>
    );
    return (
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path="/create" element={page} />
            <Route path="/create/:projectId" element={page} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    );
  };
  const hook = renderHook(() => useWorkspaceController(), { wrapper });
  return { ...hook, where, server };
}

describe('the project in the route', () => {
  it('opens the last project on /create and puts it in the address without losing the workspace state', async () => {
    localStorage.setItem(storageKeys.lastProject, 'p-b');
    const { result, where } = setup('/create');
    act(() => result.current.openCreateProject());
    await waitFor(() => expect(result.current.selectedProject?.id).toBe('p-b'));
    await waitFor(() => expect(where.pathname).toBe('/create/p-b'));
    expect(result.current.createProjectOpen).toBe(true);
  });

  it('shows the project named in the address and remembers it', async () => {
    localStorage.setItem(storageKeys.lastProject, 'p-a');
    const { result, where } = setup('/create/p-c');
    await waitFor(() => expect(result.current.selectedProject?.id).toBe('p-c'));
    expect(where.pathname).toBe('/create/p-c');
    expect(localStorage.getItem(storageKeys.lastProject)).toBe('p-c');
  });

  it('falls back from an unknown project to the last one, replacing the address', async () => {
    localStorage.setItem(storageKeys.lastProject, 'p-a');
    const { result, where } = setup('/create/nope');
    await waitFor(() => expect(result.current.selectedProject?.id).toBe('p-a'));
    await waitFor(() => expect(where.pathname).toBe('/create/p-a'));
  });

  it('falls back to the first project without a remembered one', async () => {
    const { result, where } = setup('/create/nope');
    // The list is newest first.
    await waitFor(() => expect(result.current.selectedProject?.id).toBe('p-c'));
    await waitFor(() => expect(where.pathname).toBe('/create/p-c'));
  });

  it('follows a change of selection, keeping the rest of the workspace state', async () => {
    const { result, where } = setup('/create/p-a');
    await waitFor(() => expect(result.current.selectedProject?.id).toBe('p-a'));
    act(() => result.current.openCreateScene());
    act(() => result.current.selectProject('p-b'));
    await waitFor(() => expect(where.pathname).toBe('/create/p-b'));
    expect(result.current.selectedProject?.id).toBe('p-b');
    expect(result.current.sceneDialogOpen).toBe(true);
    expect(localStorage.getItem(storageKeys.lastProject)).toBe('p-b');
    await waitFor(() => expect(result.current.selectedScene?.id).toBe('s-p-b'));
  });
});
