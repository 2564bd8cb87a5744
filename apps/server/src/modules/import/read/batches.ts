/**
 * Groups a stream of items into arrays of at most `size` (the last may be shorter, an empty source yields nothing).
 * The importer writes each batch in one transaction; only one batch is held at a time, since the source is pulled
 * only when the batch is not yet full.
 */
export async function* inBatches<T>(source: AsyncIterable<T>, size = 1000): AsyncGenerator<T[]> {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`inBatches: batch size ${size} must be a whole number ≥ 1`);
  let batch: T[] = [];
  for await (const item of source) {
    batch.push(item);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
