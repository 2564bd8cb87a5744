// Writes .br and .gz next to every text asset of the build so the server can send them precompressed.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = path.resolve(process.env.WEB_OUT_DIR ?? path.join(import.meta.dirname, 'dist'));
let files = 0;
function walk(d) {
  for (const e of readdirSync(d, { withFileTypes: true })) {
    const p = path.join(d, e.name);
    if (e.isDirectory()) walk(p);
    else if (/\.(js|css|html|svg|json)$/.test(e.name)) {
      const buf = readFileSync(p);
      writeFileSync(`${p}.gz`, gzipSync(buf, { level: 9 }));
      writeFileSync(`${p}.br`, brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      files++;
    }
  }
}
walk(dir);
console.log(`compressed ${files} assets in ${dir}`);
