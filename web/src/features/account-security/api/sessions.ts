import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { queryKeys } from '@/api/queryKeys';

export const SESSIONS_LOAD_FAILED = 'Failed to load your sessions';
export const END_SESSION_FAILED = 'Failed to sign out that session';
export const CHANGE_PASSWORD_FAILED = 'Failed to change your password';

/** GET /api/account/sessions: the signed-in user's open sessions, most recently used first. */
export function useSessions() {
  return useQuery({
    queryKey: queryKeys.accountSessions,
    queryFn: async () => (await unwrap(api.GET('/api/account/sessions'), SESSIONS_LOAD_FAILED)).data,
  });
}

/** DELETE /api/account/sessions/{id}: signs that session out everywhere. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) =>
      unwrap(api.DELETE('/api/account/sessions/{session_id}', { params: { path: { session_id: sessionId } } }), END_SESSION_FAILED),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.accountSessions }),
  });
}

/** POST /api/account/sessions/end-others: signs out everywhere but here. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/account/sessions/end-others'), END_SESSION_FAILED),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.accountSessions }),
  });
}

/** POST /api/account/password: changes the password; every other session ends. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { current_password: string; new_password: string }) => unwrap(api.POST('/api/account/password', { body }), CHANGE_PASSWORD_FAILED),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.accountSessions }),
  });
}
