/**
 * The SQL an endpoint runs, captured and replayed: the raw-SQL twin of a read in the performance report.
 *
 * `record(fn)` runs one request (fn) with the database client instrumented and answers every statement the app sent
 * in that time, exactly as the driver got it (text, parameters, drizzle's row mode and type parsers): one-off
 * statements (`pool.query` on PostgreSQL, `client.query` on PGlite) and transactions (a checked-out connection's
 * statements, `begin` to `commit`; PGlite's `transaction`). Each remembers how many statements had finished when it
 * was sent, so `replay` keeps the request's shape: statements the app ran side by side (Promise.all) run side by
 * side again, one after another those that waited for each other. Only one request may run while recording.
 */
import type { Database } from '../apps/server/src/db/client.ts';

type Args = unknown[];
export type Op = { after: number } & ({ kind: 'query'; args: Args } | { kind: 'transaction'; queries: Args[] });

interface PgClient {
  query(...args: Args): Promise<unknown>;
  release(err?: unknown): void;
}
interface PgPool {
  query(...args: Args): Promise<unknown>;
  connect(cb?: unknown): Promise<PgClient>;
}
interface Pglite {
  query(...args: Args): Promise<unknown>;
  transaction<T>(fn: (tx: { query(...args: Args): Promise<unknown> }) => Promise<T>): Promise<T>;
}

export interface SqlTwin {
  /** Runs fn, answering the statements it sent. */
  record<T>(fn: () => Promise<T>): Promise<{ result: T; ops: Op[] }>;
  /** Runs the statements again through the same pool (or PGlite), in the recorded shape. */
  replay(ops: Op[]): Promise<void>;
  /** The statements as text with their parameters (for EXPLAIN and the report). */
  statements(ops: Op[]): { text: string; params: unknown[] }[];
}

const textOf = (args: Args): { text: string; params: unknown[] } => {
  const [a, b] = args;
  if (typeof a === 'string') return { text: a, params: (b as unknown[]) ?? [] };
  const cfg = a as { text: string; values?: unknown[] };
  return { text: cfg.text, params: (b as unknown[]) ?? cfg.values ?? [] };
};

export function sqlTwin(database: Database): SqlTwin {
  let recording: Op[] | null = null;
  let finished = 0;
  const track = <T>(p: Promise<T>): Promise<T> =>
    p.finally(() => {
      finished++;
    });

  let runQuery: (args: Args) => Promise<unknown>;
  let runTransaction: (queries: Args[]) => Promise<void>;

  if (database.kind === 'postgres') {
    const pool = (database.db as unknown as { $client: PgPool }).$client;
    const query = pool.query.bind(pool);
    const connect = pool.connect.bind(pool);
    pool.query = (...args: Args) => {
      if (!recording) return query(...args);
      recording.push({ kind: 'query', args, after: finished });
      return track(query(...args));
    };
    // pg-pool's own query() checks out with a callback; drizzle's transactions call connect() without one.
    pool.connect = ((cb?: unknown) => {
      if (cb || !recording) return connect(cb as never);
      const op: Op = { kind: 'transaction', queries: [], after: finished };
      recording.push(op);
      return connect().then((client) => {
        const q = client.query.bind(client);
        const release = client.release.bind(client);
        const mine: PgClient = Object.create(client);
        mine.query = (...args: Args) => {
          if (op.kind === 'transaction') op.queries.push(args);
          return q(...args);
        };
        mine.release = (err?: unknown) => {
          finished++;
          release(err);
        };
        return mine;
      });
    }) as PgPool['connect'];
    runQuery = (args) => query(...args);
    runTransaction = async (queries) => {
      const client = await connect();
      try {
        for (const args of queries) await client.query(...args);
      } finally {
        client.release();
      }
    };
  } else {
    const client = (database as unknown as { client: Pglite }).client;
    const query = client.query.bind(client);
    const transaction = client.transaction.bind(client);
    client.query = (...args: Args) => {
      if (!recording) return query(...args);
      recording.push({ kind: 'query', args, after: finished });
      return track(query(...args));
    };
    client.transaction = (<T>(fn: (tx: { query(...args: Args): Promise<unknown> }) => Promise<T>) => {
      if (!recording) return transaction(fn);
      const op: Op = { kind: 'transaction', queries: [], after: finished };
      recording.push(op);
      return track(
        transaction((tx) =>
          fn({
            ...tx,
            query: (...args: Args) => {
              if (op.kind === 'transaction') op.queries.push(args);
              return tx.query(...args);
            },
          }),
        ),
      );
    }) as Pglite['transaction'];
    runQuery = (args) => query(...args);
    runTransaction = (queries) =>
      transaction(async (tx) => {
        for (const args of queries) await tx.query(...args);
      });
  }

  return {
    async record(fn) {
      if (recording) throw new Error('one recording at a time');
      recording = [];
      finished = 0;
      try {
        const result = await fn();
        // Let statements still settling (a fire-and-forget write after the answer) land in this recording.
        await new Promise((r) => setTimeout(r, 20));
        return { result, ops: recording };
      } finally {
        recording = null;
      }
    },
    async replay(ops) {
      let done = 0;
      let waiting: (() => void)[] = [];
      await Promise.all(
        ops.map(async (op) => {
          while (done < op.after) await new Promise<void>((r) => waiting.push(r));
          if (op.kind === 'query') await runQuery(op.args);
          else await runTransaction(op.queries);
          done++;
          const wake = waiting;
          waiting = [];
          for (const w of wake) w();
        }),
      );
    },
    statements(ops) {
      return ops.flatMap((op) => (op.kind === 'query' ? [textOf(op.args)] : op.queries.map(textOf)));
    },
  };
}
