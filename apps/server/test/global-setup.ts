import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openDatabase } from '../src/db/client.ts';
import { installReferenceData } from '../src/db/seed/reference.ts';

/**
 * Builds one migrated database template per run: a PGlite dump (default) or,
 * when DATABASE_URL is set, a PostgreSQL template database. Each test file
 * gets its own copy (see ./harness.ts), so files never see each other's data.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `pawdesk_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    const tplUrl = withDb(url, name);
    const d = await openDatabase({ databaseUrl: tplUrl, poolSize: 1 });
    await d.migrate();
    await installReferenceData(d.db);
    await d.close();
    project.provide('pgTemplate', name);
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name}`).catch(() => {});
      await admin.end();
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'pawdesk-test-'));
  const d = await openDatabase({});
  await d.migrate();
  await installReferenceData(d.db);
  const client = (d as unknown as { client: { dumpDataDir(c: 'none'): Promise<Blob> } }).client;
  const dump = await client.dumpDataDir('none');
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await d.close();
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

export function withDb(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: string;
  }
}
