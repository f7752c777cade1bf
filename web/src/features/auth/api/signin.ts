import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { queryKeys } from '@/api/queryKeys';
import type { SigninBody } from '@/api/types';

/** POST /api/auth/signin */
export function useSignin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SigninBody) => unwrap(api.POST('/api/auth/signin', { body }), 'Failed to sign in'),
    onSuccess: (result) => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.me[0] });
      queryClient.setQueryData(queryKeys.me, result.user);
    },
  });
}
