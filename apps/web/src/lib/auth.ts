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

/** Set when the server refused the session (401): the login page says so (issue 9). Per tab. */
const EXPIRED_KEY = 'pawdesk.sessionExpired';
export const SESSION_EXPIRED = 'Your session has expired. Please log in again.';

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
    sessionStorage.removeItem(EXPIRED_KEY);
    localStorage.setItem(STORAGE_KEYS.token, res.token);
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(res.user));
    localStorage.setItem(STORAGE_KEYS.role, res.user.role);
    localStorage.setItem(STORAGE_KEYS.userId, res.user.id);
    if (res.user.customer_id) localStorage.setItem(STORAGE_KEYS.customerId, res.user.customer_id);
    else localStorage.removeItem(STORAGE_KEYS.customerId);
    emit();
  },
  /** Clears user, token and every stored key; `expired` when the server refused the session (a 401). */
  signOut(reason?: 'expired') {
    if (reason === 'expired') sessionStorage.setItem(EXPIRED_KEY, '1');
    else sessionStorage.removeItem(EXPIRED_KEY);
    for (const k of Object.values(STORAGE_KEYS)) localStorage.removeItem(k);
    emit();
  },
  /** A new token for this session (after a password change the server answers one; the old one is refused). */
  replaceToken(token: string) {
    localStorage.setItem(STORAGE_KEYS.token, token);
    emit();
  },
  /** Keeps the stored user in step when they change their own details (the customer profile). */
  updateUser(patch: Partial<Pick<AuthUser, 'fullName' | 'phone' | 'address'>>) {
    const { user } = read();
    if (!user) return;
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ ...user, ...patch }));
    emit();
  },
  /** True after a session the server refused, until the next login or logout. */
  sessionExpired: () => sessionStorage.getItem(EXPIRED_KEY) === '1',
};

export function useAuth(): AuthState {
  return useSyncExternalStore(auth.subscribe, auth.get);
}

export function dashboardFor(role: Role | undefined): string {
  return role === 'customer' ? '/customer/dashboard' : '/staff/dashboard';
}

/** The signed-in area a path belongs to, by its first segment (see app/guards.tsx). */
export function areaOf(path: string): Role | null {
  const first = path.toLowerCase().split(/[/?#]/)[1] ?? '';
  if (first.startsWith('staff')) return 'staff';
  if (first.startsWith('customer')) return 'customer';
  return null;
}

/** Shown on the login page when a signed-in page sent the visitor there. */
export const LOGIN_TO_CONTINUE = 'Please login to continue';

/**
 * A path of this site to return to, or null: it must start with one '/', and hold no backslash (browsers read
 * `/\host` as `//host`), no scheme and no control characters, so it can never lead to another site.
 */
export function sameSitePath(from: unknown): string | null {
  if (typeof from !== 'string' || from.length > 2000) return null;
  if (!from.startsWith('/') || from.startsWith('//')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\\\u0000-\u001f\u007f]/.test(from)) return null;
  return from;
}

/**
 * Where login leads: back to the page the user was sent away from (a deep link with its query string, or the page
 * whose session expired) when it is a path of this site in the role's own area, else the role's dashboard.
 */
export function afterLogin(role: Role | undefined, from: unknown): string {
  const path = sameSitePath(from);
  if (path && role && areaOf(path) === role) return path;
  return dashboardFor(role);
}
