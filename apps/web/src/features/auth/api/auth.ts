import type { ForgotPasswordBody, LoginBody, LoginResponse, ResetPasswordBody, SignupBody } from '@pawdesk/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { auth } from '../../../lib/auth';

type Ok = { success: true; message: string };

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

export function useForgotPassword() {
  return useMutation({ mutationFn: (body: ForgotPasswordBody) => api<Ok>('/auth/forgot-password', { method: 'POST', body }) });
}

export function useResetPassword() {
  return useMutation({ mutationFn: (body: ResetPasswordBody) => api<Ok>('/auth/reset-password', { method: 'POST', body }) });
}
