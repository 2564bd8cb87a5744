import type { AuthUser, LoginResponse, Role } from '@pawdesk/shared';
import { useSyncExternalStore } from 'react';

/** Keys kept in local storage after login (spec 000 §3). */
export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  role: 'role',
  userId: 'userId',
  customerId: 'customerId',
} as const;

export interface AuthState {
  token: string | null;
  user: AuthUser | null;
  isAuthenticated: boolean;
}

function read(): AuthState {
  const token = localStorage.getItem(STORAGE_KEYS.token);
  let user: AuthUser | null = null;
  try {
    user = JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? 'null') as AuthUser | null;
  } catch {
    user = null;
  }
  return { token, user, isAuthenticated: Boolean(token && user) };
}

let state = read();
const listeners = new Set<() => void>();
const emit = () => {
  state = read();
  for (const l of listeners) l();
};

// Another tab logging in or out updates this one too.
window.addEventListener('storage', (e) => {
  if (e.key === null || Object.values(STORAGE_KEYS).includes(e.key as never)) emit();
});

export const auth = {
  get: () => state,
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  signIn(res: LoginResponse) {
    localStorage.setItem(STORAGE_KEYS.token, res.token);
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(res.user));
    localStorage.setItem(STORAGE_KEYS.role, res.user.role);
    localStorage.setItem(STORAGE_KEYS.userId, res.user.id);
    if (res.user.customer_id) localStorage.setItem(STORAGE_KEYS.customerId, res.user.customer_id);
    else localStorage.removeItem(STORAGE_KEYS.customerId);
    emit();
  },
  /** Clears user, token and every stored key. */
  signOut() {
    for (const k of Object.values(STORAGE_KEYS)) localStorage.removeItem(k);
    emit();
  },
};

export function useAuth(): AuthState {
  return useSyncExternalStore(auth.subscribe, auth.get);
}

export function dashboardFor(role: Role | undefined): string {
  return role === 'customer' ? '/customer/dashboard' : '/staff/dashboard';
}
