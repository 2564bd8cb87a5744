// Shared Stryker settings for the per-module configs in this folder (docs/quality.md, "Mutation testing").
// Run from the repository root: `npm run test:mutation [-- <module>...]` (stryker/run.mjs).

/**
 * A target is run in groups, one Stryker run each (stryker/run.mjs), all writing the target's one incremental file:
 * a group's results are kept as soon as it finishes (results of files outside a run's `mutate` are carried over),
 * so a long target can be finished over several sessions. STRYKER_GROUP picks the group; without it, all at once.
 *
 * @typedef {{ mutate: string[], testFiles: string[] }} Group   files to mutate, and the test files run against them
 *   (Stryker runs only the tests that cover each mutant)
 * @param {object} o
 * @param {string} o.module       name of the target: the incremental file and the HTML report are named after it
 * @param {'shared' | 'server'} o.project   the vitest project whose tests kill the mutants
 * @param {Record<string, Group>} o.groups
 * @param {boolean} [o.isolate]   run each test file on fresh imports (vitest's isolate; off by default: faster)
 * @returns {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export function strykerConfig({ module, project, groups, isolate = false }) {
  const name = process.env.STRYKER_GROUP;
  if (name && !groups[name]) throw new Error(`stryker/${module}.conf.mjs: no group ${name} (${Object.keys(groups).join(', ')})`);
  const chosen = name ? [groups[name]] : Object.values(groups);
  const mutate = [...new Set(chosen.flatMap((g) => g.mutate))];
  const testFiles = [...new Set(chosen.flatMap((g) => g.testFiles))];
  process.env.STRYKER_VITEST_PROJECT = project;
  process.env.STRYKER_VITEST_ISOLATE = isolate ? '1' : '0';
  process.env.TZ = 'UTC';
  return {
    testRunner: 'vitest',
    plugins: ['@stryker-mutator/vitest-runner'],
    vitest: { configFile: 'stryker/vitest.project.config.ts', related: false },
    mutate,
    testFiles,
    coverageAnalysis: 'perTest',
    // Two cores shared with other work: one test runner at a time.
    concurrency: 1,
    // Results are kept between runs (and sessions): only mutants in changed code or with changed tests run again.
    incremental: true,
    incrementalFile: `stryker/reports/stryker-incremental-${module}.json`,
    reporters: ['clear-text', 'progress', 'html', 'json'],
    htmlReporter: { fileName: `reports/mutation/${module}.html` },
    jsonReporter: { fileName: `reports/mutation/${module}.json` },
    // The sandbox needs the sources and the configs only.
    ignorePatterns: ['e2e', 'bench', 'docs', 'apps/web', 'reports', 'stryker/reports', '.bench-data', 'data'],
    // A loaded two-core machine: a slow but finished test run is not a timeout.
    timeoutMS: 30_000,
    timeoutFactor: 2,
    dryRunTimeoutMinutes: 60,
    cleanTempDir: 'always',
    // A static mutant (in a module-level constant: tables, schemas, regexes) needs a fresh import and every test
    // file per mutant (about a minute each here): they are left out of the run and of the score (docs/quality.md).
    ignoreStatic: true,
    thresholds: { high: 80, low: 70, break: null },
  };
}
