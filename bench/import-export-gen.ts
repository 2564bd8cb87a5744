// node --import tsx bench/import-export-gen.ts --out DIR [--format bson|bson.gz|jsonl-canonical|jsonl-relaxed|array-canonical|array-relaxed]
//                                              [--pets 100000] [--visits 1000000]
//
// Writes the generated export of the original system (apps/server/test/import-fixture.ts) for the import benchmark
// of issue 21: by default 100,000 pets and 1,000,000 visits as a mongodump folder, streamed to disk. Then time the
// reading with: npm run import:original -- --from DIR --dry-run
import { parseArgs } from 'node:util';
import { FIXTURE_FORMATS, type FixtureFormat, LARGE_FIXTURE, writeFixtureExport } from '../apps/server/test/import-fixture.ts';

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    format: { type: 'string', default: 'bson' },
    pets: { type: 'string', default: String(LARGE_FIXTURE.pets) },
    visits: { type: 'string', default: String(LARGE_FIXTURE.visits) },
  },
});
if (!values.out || !(FIXTURE_FORMATS as readonly string[]).includes(values.format)) {
  console.error(`usage: --out DIR [--format ${FIXTURE_FORMATS.join('|')}] [--pets N] [--visits N]`);
  process.exit(2);
}
const started = Date.now();
const counts = await writeFixtureExport(values.out, values.format as FixtureFormat, {
  pets: Number(values.pets),
  visits: Number(values.visits),
});
const total = Object.values(counts).reduce((a, b) => a + b, 0);
console.log(
  `Wrote ${total} documents (${counts.pets} pets, ${counts.visits} visits) to ${values.out} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
console.log(`Peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`);
