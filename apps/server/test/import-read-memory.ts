/**
 * Run by the reader's streaming test in a child process with `--expose-gc` and a small old-space limit: reads one
 * collection of an export in batches of 1000 and prints, as JSON, how many documents it read, how far the reader
 * ever got ahead of the consumer, and the most memory still held after a garbage collection (heap and buffers)
 * compared with before reading. A reader that kept the documents or the file would either report a large growth
 * or die of the heap limit.
 */
import { type CollectionFile, findExport, inBatches, readCollection } from '../src/modules/import/read/export-reader.service.ts';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');
const held = () => {
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

const found = await findExport(process.argv[2] as string);
const file = found.files[0] as CollectionFile;
const stats = { maxHeldBytes: 0 };
let produced = 0;
let consumed = 0;
let maxAhead = 0;
let problems = 0;
async function* counted() {
  for await (const d of readCollection(file, { onProblem: () => problems++, stats })) {
    produced += 1;
    maxAhead = Math.max(maxAhead, produced - consumed);
    yield d;
  }
}
const base = held();
let maxGrowth = 0;
let batches = 0;
for await (const batch of inBatches(counted(), 1000)) {
  consumed += batch.length;
  batches += 1;
  if (batches % 10 === 0) maxGrowth = Math.max(maxGrowth, held() - base);
}
process.stdout.write(
  JSON.stringify({
    read: consumed,
    problems,
    maxAhead,
    maxGrowth,
    maxHeldBytes: stats.maxHeldBytes,
    peakRss: process.resourceUsage().maxRSS * 1024,
  }),
);
