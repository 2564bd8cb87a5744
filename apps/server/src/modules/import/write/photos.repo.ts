import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { prepareImage, saveImage } from '../../media/media.service.ts';
import type { ReadProblem } from '../read/export-reader.service.ts';

/** Downloads one picture's bytes (the real one uses HTTP; tests pass a stand-in image host). */
export type PhotoFetcher = (url: string, signal: AbortSignal) => Promise<Uint8Array>;

export const httpFetcher: PhotoFetcher = async (url, signal) => {
  const res = await fetch(url, { signal, redirect: 'follow' });
  if (!res.ok) throw new Error(`the image host answered ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
};

export interface PhotoOptions {
  fetcher?: PhotoFetcher;
  /** Downloads at once (default 4). */
  concurrency?: number;
  /** Per try (default 15 s). */
  timeoutMs?: number;
  /** Tries after the first (default 2), with a growing pause. */
  retries?: number;
  /** Rewrites URL prefixes (`https://res.cloudinary.com` → a mirror the business kept reachable). */
  mirror?: readonly { from: string; to: string }[];
  startedBy?: string | null;
  onProgress?: (done: number, total: number) => void;
}

export interface PhotoResult {
  fetched: number;
  failed: number;
  problems: ReadProblem[];
}

interface Target {
  kind: 'pet' | 'user' | 'service';
  id: string;
  url: string;
  ownerId: string | null;
  /** A service's picture: its place in the list. */
  index?: number;
}

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

async function targets(db: Db): Promise<Target[]> {
  const out: Target[] = [];
  for (const r of rowsOf<{ id: string; owner_id: string; photo_url: string }>(
    await db.execute(
      sql`select id, owner_id, photo_url from pets where photo_url is not null and photo_hash is null order by id`,
    ),
  )) {
    out.push({ kind: 'pet', id: r.id, url: r.photo_url, ownerId: r.owner_id });
  }
  for (const r of rowsOf<{ id: string; photo_url: string }>(
    await db.execute(sql`select id, photo_url from users where photo_url is not null and photo_hash is null order by id`),
  )) {
    out.push({ kind: 'user', id: r.id, url: r.photo_url, ownerId: null });
  }
  for (const r of rowsOf<{ id: string; images: { hash?: string; url: string }[] }>(
    await db.execute(sql`select id, images from customer_services where jsonb_array_length(images) > 0 order by id`),
  )) {
    r.images.forEach((img, index) => {
      if (!img.hash && img.url) out.push({ kind: 'service', id: r.id, url: img.url, ownerId: null, index });
    });
  }
  return out;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function mirrored(url: string, mirror: PhotoOptions['mirror']): string {
  for (const m of mirror ?? []) if (url.startsWith(m.from)) return m.to + url.slice(m.from.length);
  return url;
}

async function download(url: string, opts: PhotoOptions): Promise<Uint8Array> {
  const fetcher = opts.fetcher ?? httpFetcher;
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const tries = 1 + (opts.retries ?? 2);
  let last: unknown;
  for (let attempt = 0; attempt < tries; attempt++) {
    if (attempt > 0) await sleep(250 * 2 ** (attempt - 1));
    try {
      return await fetcher(url, AbortSignal.timeout(timeoutMs));
    } catch (err) {
      last = err;
    }
  }
  const e = last as Error;
  const why = e?.name === 'TimeoutError' || e?.name === 'AbortError' ? `no answer within ${timeoutMs / 1000} s` : e?.message;
  throw new Error(`${why} (${tries} ${tries === 1 ? 'try' : 'tries'})`);
}

/**
 * Copies the original's pictures (pet photos, staff profile photos, service images, all URLs on its image host)
 * into Pawdesk's photo store with their thumbnails (issue 21): a few downloads at a time, each with a timeout and
 * retries. A picture stored is recorded at once (its URL cleared); one that cannot be fetched keeps its URL and is
 * listed, and `--photos-only` (or the next import) tries again.
 */
export async function fetchPhotos(db: Db, opts: PhotoOptions = {}): Promise<PhotoResult> {
  const list = await targets(db);
  const result: PhotoResult = { fetched: 0, failed: 0, problems: [] };
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < list.length) {
      const t = list[next++]!;
      try {
        const bytes = await download(mirrored(t.url, opts.mirror), opts);
        const scope = t.kind === 'service' ? `service:${t.id}:${t.index}` : `${t.kind}:${t.id}`;
        const prepared = await prepareImage(bytes, { scope, ownerId: t.ownerId, userId: opts.startedBy ?? null });
        await db.transaction(async (tx) => {
          await saveImage(tx, prepared);
          const hash = prepared.photo.hash;
          if (t.kind === 'pet') await tx.execute(sql`update pets set photo_hash = ${hash}, photo_url = null where id = ${t.id}`);
          else if (t.kind === 'user')
            await tx.execute(sql`update users set photo_hash = ${hash}, photo_url = null where id = ${t.id}`);
          else {
            await tx.execute(sql`update customer_services
              set images = jsonb_set(images, ${`{${t.index}}`}::text[], (images -> ${t.index}::int) || jsonb_build_object('hash', ${hash}::text))
              where id = ${t.id}`);
          }
        });
        result.fetched += 1;
      } catch (err) {
        result.failed += 1;
        result.problems.push({
          collection: 'photos',
          file: t.kind === 'pet' ? 'pets' : t.kind === 'user' ? 'users' : 'services',
          originalId: t.id,
          message: `the ${t.kind === 'pet' ? "pet's photo" : t.kind === 'user' ? 'profile photo' : 'service image'} ${t.url} could not be stored: ${(err as Error).message}; it keeps its URL (run the import again with --photos-only)`,
        });
      }
      done += 1;
      opts.onProgress?.(done, list.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(opts.concurrency ?? 4, list.length)) }, worker));
  return result;
}
