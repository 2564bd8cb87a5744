import { EJSON } from 'bson';
import { type OnBytes, type OnRawProblem, openBytes, type RawDocument } from './source.ts';

/**
 * Reads a mongoexport file: JSON lines (one document a line, the default) or a `--jsonArray` file (one top-level
 * array), in canonical or relaxed Extended JSON. The text is streamed; each document's text is handed to `bson`'s
 * EJSON.parse (Extended JSON is never interpreted here). Which shape a file has is told by its first character.
 *
 * JSON lines: a line that does not parse is a problem naming its line, and the next line is read as usual.
 * Arrays: a small tokenizer finds where each top-level element starts and ends (tracking strings, escapes and
 * nesting), so an element that does not parse is stepped over too; a file that ends before its `]` is a problem.
 */
export async function* readJsonFile(
  file: string,
  opts: { gzip?: boolean; onProblem: OnRawProblem; onBytes?: OnBytes },
): AsyncGenerator<RawDocument> {
  const stream = openBytes(file, opts.gzip ?? false, opts.onBytes);
  stream.setEncoding('utf8');
  const it = (stream as AsyncIterable<string>)[Symbol.asyncIterator]();
  let head = '';
  let first: string | undefined;
  try {
    // Peek at the first character that is not white space (or a byte-order mark) to tell the two shapes apart.
    while (first === undefined) {
      const next = await it.next();
      if (next.done) return; // an empty file holds no documents
      head += next.value;
      first = head.match(/[^\s\uFEFF]/)?.[0];
    }
  } catch (err) {
    opts.onProblem({ line: 1, fatal: true, message: `the file could not be read (${(err as Error).message})` });
    return;
  }
  async function* chunks(): AsyncGenerator<string> {
    yield head;
    for (let next = await it.next(); !next.done; next = await it.next()) yield next.value;
  }
  if (first === '[') yield* readArray(chunks(), opts.onProblem);
  else yield* readLines(chunks(), opts.onProblem);
}

function parseDocument(text: string, line: number, onProblem: OnRawProblem): RawDocument | undefined {
  try {
    return { doc: EJSON.parse(text, { relaxed: true }), line };
  } catch (err) {
    onProblem({ line, originalId: peekOid(text), message: `broken JSON, the document was skipped (${(err as Error).message})` });
    return undefined;
  }
}

/** The `_id` of a document that did not parse, for the report only (`{"_id":{"$oid":"…"}}`), when it is visible. */
function peekOid(text: string): string | undefined {
  return text.match(/"_id"\s*:\s*\{\s*"\$oid"\s*:\s*"([0-9a-fA-F]{24})"/)?.[1]?.toLowerCase();
}

async function* readLines(chunks: AsyncIterable<string>, onProblem: OnRawProblem): AsyncGenerator<RawDocument> {
  let carry = '';
  let lineNo = 0;
  try {
    for await (const chunk of chunks) {
      const text = carry + chunk;
      let start = 0;
      for (let nl = text.indexOf('\n', start); nl !== -1; nl = text.indexOf('\n', start)) {
        lineNo += 1;
        const line = text
          .slice(start, nl)
          .replace(/^\uFEFF/, '')
          .trim();
        start = nl + 1;
        if (line === '') continue;
        const read = parseDocument(line, lineNo, onProblem);
        if (read) yield read;
      }
      carry = text.slice(start);
    }
  } catch (err) {
    onProblem({
      line: lineNo + 1,
      fatal: true,
      message: `the file could not be read past this point (${(err as Error).message})`,
    });
    return;
  }
  const last = carry.replace(/^\uFEFF/, '').trim();
  if (last !== '') {
    const read = parseDocument(last, lineNo + 1, onProblem);
    if (read) yield read;
  }
}

enum At {
  BeforeArray = 0,
  BeforeElement = 1,
  InElement = 2,
  AfterElement = 3,
  AfterArray = 4,
}
const NL = 10;
const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === NL || c === 13 || c === 0xfeff;
}

async function* readArray(chunks: AsyncIterable<string>, onProblem: OnRawProblem): AsyncGenerator<RawDocument> {
  let at = At.BeforeArray as At;
  let line = 1;
  let elementLine = 1;
  let depth = 0;
  let nested = false;
  let inString = false;
  let escaped = false;
  /** Whether a `,` came before (a `]` right after `,` is a stray comma; right after `[` the array is empty). */
  let hadComma = false;
  let parts: string[] = [];
  try {
    for await (const chunk of chunks) {
      let start = -1; // where the current element's text starts in this chunk
      if (at === At.InElement) start = 0;
      for (let i = 0; i < chunk.length; i++) {
        const c = chunk.charCodeAt(i);
        if (at === At.InElement) {
          if (c === NL) line += 1;
          if (inString) {
            if (escaped) escaped = false;
            else if (c === BACKSLASH) escaped = true;
            else if (c === QUOTE) inString = false;
            continue;
          }
          let end: number;
          if (c === QUOTE) {
            inString = true;
            continue;
          }
          if (nested) {
            if (c === OPEN_BRACE || c === OPEN_BRACKET) depth += 1;
            else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth -= 1;
            if (depth > 0) continue;
            end = i + 1; // the closing bracket belongs to the element
          } else {
            // A bare value (not a document) ends before the next , ] or space, which the array states then read.
            if (!(c === COMMA || c === CLOSE_BRACKET || isSpace(c))) continue;
            end = i;
            i -= 1;
            if (c === NL) line -= 1;
          }
          parts.push(chunk.slice(start, end));
          at = At.AfterElement;
          const text = parts.join('');
          parts = [];
          start = -1;
          const read = parseDocument(text, elementLine, onProblem);
          if (read) yield read;
          continue;
        }
        if (c === NL) line += 1;
        if (isSpace(c)) continue;
        if (at === At.BeforeArray) {
          at = At.BeforeElement; // the first character is `[` (readJsonFile checked)
          continue;
        }
        if (at === At.BeforeElement) {
          if (c === CLOSE_BRACKET) {
            if (hadComma) onProblem({ line, message: 'a , with no document after it before the closing ]' });
            at = At.AfterArray;
            continue;
          }
          at = At.InElement;
          elementLine = line;
          start = i;
          nested = c === OPEN_BRACE || c === OPEN_BRACKET;
          depth = nested ? 1 : 0;
          inString = c === QUOTE;
          escaped = false;
          continue;
        }
        if (at === At.AfterElement) {
          if (c === COMMA) {
            at = At.BeforeElement;
            hadComma = true;
          } else if (c === CLOSE_BRACKET) at = At.AfterArray;
          else {
            onProblem({
              line,
              fatal: true,
              message: `expected , or ] between documents: the array is damaged, nothing after this point could be read`,
            });
            return;
          }
          continue;
        }
        // AfterArray: only white space may follow the closing bracket.
        onProblem({ line, message: 'text after the closing ] was ignored' });
        return;
      }
      if (at === At.InElement && start >= 0) parts.push(chunk.slice(start));
    }
  } catch (err) {
    onProblem({ line, fatal: true, message: `the file could not be read past this point (${(err as Error).message})` });
    return;
  }
  if (at !== At.AfterArray) {
    onProblem({
      line: at === At.InElement ? elementLine : line,
      originalId: at === At.InElement ? peekOid(parts.join('')) : undefined,
      fatal: true,
      message: 'the file ends before the array is closed: the export was cut short',
    });
  }
}
