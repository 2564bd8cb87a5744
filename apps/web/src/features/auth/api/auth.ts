import type { LoginBody, LoginResponse, SignupBody } from '@pawdesk/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { auth } from '../../../lib/auth';

export function useLogin() {
  return useMutation({
    mutationFn: (body: LoginBody) => api<LoginResponse>('/auth/login', { method: 'POST', body }),
    onSuccess: (res) => auth.signIn(res),
  });
}

export function useSignup() {
  return useMutation({
    mutationFn: (body: Omit<SignupBody, 'role'>) =>
      api<{ success: true; message: string }>('/auth/signup', { method: 'POST', body: { ...body, role: 'customer' } }),
  });
}
