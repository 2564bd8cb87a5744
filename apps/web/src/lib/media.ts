import { API_BASE, ApiError } from './api-client';
import { auth } from './auth';

/**
 * Photos are private (staff and the pet's owner), so an `<img src>` cannot fetch them: the browser would send no
 * token. They are fetched with the token and shown from object URLs. A photo's path carries its content hash and never
 * changes meaning, so each object URL is kept for the page's life (at most MAX_KEPT, oldest forgotten first) and the
 * browser's own cache (`immutable`) answers a reload without the network.
 */
const MAX_KEPT = 300;
const kept = new Map<string, Promise<string>>();

/** An object URL for a photo path under /api/v1 (`/media/<hash>?size=thumb`). */
export function imageUrl(path: string): Promise<string> {
  const hit = kept.get(path);
  if (hit) {
    kept.delete(path);
    kept.set(path, hit);
    return hit;
  }
  const p = load(path);
  kept.set(path, p);
  p.catch(() => kept.delete(path));
  while (kept.size > MAX_KEPT) {
    const [oldest, url] = kept.entries().next().value as [string, Promise<string>];
    kept.delete(oldest);
    url.then(
      (u) => URL.revokeObjectURL(u),
      () => {},
    );
  }
  return p;
}

async function load(path: string): Promise<string> {
  const { token } = auth.get();
  const res = await fetch(`${API_BASE}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} }).catch(() => {
    throw new ApiError(0, 'Network error');
  });
  if (!res.ok) throw new ApiError(res.status, `Photo not available (${res.status})`);
  return URL.createObjectURL(await res.blob());
}

/** Forgets kept photos (on sign-out: the next account must not see the previous one's). */
export function forgetImages(): void {
  for (const url of kept.values())
    url.then(
      (u) => URL.revokeObjectURL(u),
      () => {},
    );
  kept.clear();
}

// Another account signing in on this browser starts with nothing kept.
let lastToken = auth.get().token;
auth.subscribe(() => {
  const { token } = auth.get();
  if (token !== lastToken) {
    lastToken = token;
    forgetImages();
  }
});
