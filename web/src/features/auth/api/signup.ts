import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { queryKeys } from '@/api/queryKeys';
import type { SignupBody } from '@/api/types';

/** POST /api/auth/signup: creates the account and signs it in (session cookie). */
export function useSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignupBody) => unwrap(api.POST('/api/auth/signup', { body }), 'Failed to create your account'),
    onSuccess: (result) => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.me[0] });
      queryClient.setQueryData(queryKeys.me, result.user);
    },
  });
}
