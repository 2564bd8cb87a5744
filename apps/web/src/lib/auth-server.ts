import type { AuthSessionsResponse, ChangePasswordBody, ChangePasswordResponse } from '@pawdesk/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { auth } from './auth';
import { queryRoots } from './query-keys';

type Ok = { success: true; message: string };

export const authKeys = { sessions: [...queryRoots.auth, 'sessions'] as const };

/**
 * Logout: the server ends this session first (its token is refused at once on every instance), then the browser
 * forgets it. The browser forgets it even when the server cannot be reached: nobody stays signed in on a shared
 * device because the network was down.
 */
export async function logoutOnServer(): Promise<void> {
  if (auth.get().token) await api('/auth/logout', { method: 'POST' }).catch(() => undefined);
  auth.signOut();
}

/** GET /auth/sessions: the signed-in account's sessions, this one marked `current`. */
export function useSessions() {
  return useQuery({
    queryKey: authKeys.sessions,
    queryFn: ({ signal }) => api<AuthSessionsResponse>('/auth/sessions', { signal }).then((r) => r.sessions),
  });
}

/** DELETE /auth/sessions/:id: ends one of the caller's sessions. */
export function useEndSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<Ok>(`/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryRoots.auth }),
  });
}

/** POST /auth/logout-all: every session ends, this one too; the browser forgets its token. */
export function useLogoutEverywhere() {
  return useMutation({
    mutationFn: () => api<Ok>('/auth/logout-all', { method: 'POST' }),
    onSuccess: () => auth.signOut(),
  });
}

/** POST /auth/change-password: the other sessions end; this one goes on with the token the server answers. */
export function useChangePassword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => api<ChangePasswordResponse>('/auth/change-password', { method: 'POST', body }),
    onSuccess: (res) => {
      auth.replaceToken(res.token);
      return qc.invalidateQueries({ queryKey: queryRoots.auth });
    },
  });
}
