// node stryker/survivors.mjs <target> [status...]: the mutants of a target's last report (reports/mutation/<target>.json)
// that were not killed (Survived and NoCoverage by default), one a line: file:line:col mutator original → replacement.
// Also prints the per-file and total counts that docs/quality.md reports.
import { readFileSync } from 'node:fs';

const [target = 'shared', ...wanted] = process.argv.slice(2);
const statuses = wanted.length ? wanted : ['Survived', 'NoCoverage'];
const report = JSON.parse(readFileSync(`reports/mutation/${target}.json`, 'utf8'));
const totals = { Killed: 0, Survived: 0, Timeout: 0, NoCoverage: 0, Ignored: 0, RuntimeError: 0, CompileError: 0 };
const rows = [];
for (const [file, { source, mutants }] of Object.entries(report.files)) {
  const lines = source.split('\n');
  const per = { Killed: 0, Survived: 0, Timeout: 0, NoCoverage: 0, Ignored: 0 };
  for (const m of mutants) {
    totals[m.status] = (totals[m.status] ?? 0) + 1;
    per[m.status] = (per[m.status] ?? 0) + 1;
    if (!statuses.includes(m.status)) continue;
    const { start, end } = m.location;
    const original =
      start.line === end.line
        ? lines[start.line - 1].slice(start.column - 1, end.column - 1)
        : `${lines[start.line - 1].slice(start.column - 1)}…`;
    rows.push(
      `${file}:${start.line}:${start.column} ${m.status} ${m.mutatorName}: ${original.trim().slice(0, 90)} → ${(m.replacement ?? '').slice(0, 90)}`,
    );
  }
  const detected = per.Killed + per.Timeout;
  const valid = detected + per.Survived + per.NoCoverage;
  if (process.env.PER_FILE)
    console.log(`${file}: ${valid} mutants, score ${valid ? ((100 * detected) / valid).toFixed(1) : '-'}%`, per);
}
console.log(rows.join('\n'));
const detected = totals.Killed + totals.Timeout;
const valid = detected + totals.Survived + totals.NoCoverage;
console.log(
  `\n${target}: ${valid} mutants, killed ${totals.Killed}, timeout ${totals.Timeout}, survived ${totals.Survived}, no coverage ${totals.NoCoverage}, ignored (static) ${totals.Ignored}, errors ${totals.RuntimeError + totals.CompileError}; score ${((100 * detected) / valid).toFixed(2)}%`,
);
