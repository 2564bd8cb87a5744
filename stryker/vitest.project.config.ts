import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import root from '../vitest.config.ts';

/**
 * The vitest config Stryker drives: the root config narrowed to one project (STRYKER_VITEST_PROJECT,
 * set by stryker/base.mjs), since the vitest runner has no `--project` option. The project entries are
 * the root's own, so the mutation run sees the same include, globalSetup, timeouts and environment.
 */
const name = process.env.STRYKER_VITEST_PROJECT ?? 'shared';
type Project = { test?: { name?: string; isolate?: boolean; testTimeout?: number } };
const projects = (root.test?.projects ?? []) as Project[];
const project = projects.find((p) => p.test?.name === name);
if (!project) throw new Error(`stryker/vitest.project.config.ts: no vitest project named ${name}`);

// Without isolation a test file's imports stay loaded from one mutant's run to the next: the mutants are switched
// on at run time (Stryker's mutant switching), and the static ones, which would need a fresh import, are not run.
const isolate = process.env.STRYKER_VITEST_ISOLATE === '1';

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  // Stryker has its own timeout per mutant (base.mjs); a test that is slow on a loaded machine must not fail the dry run.
  test: {
    projects: [
      { ...project, test: { ...project.test, isolate, testTimeout: Math.max(project.test?.testTimeout ?? 0, 60_000) } } as never,
    ],
  },
});
