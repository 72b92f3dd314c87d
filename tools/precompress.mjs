// Brotli at its highest quality (11, generic mode) for each pair of paths: the file to read,
// the file to write. Node.js's built-in zlib, since Python's standard library has no brotli.
//   node tools/precompress.mjs <input> <output> [<input> <output> ...]
import { readFileSync, writeFileSync } from "node:fs";
import zlib from "node:zlib";

const { constants } = zlib;
const args = process.argv.slice(2);
if (args.length % 2) {
  console.error("precompress: give pairs of paths: <input> <output>");
  process.exit(2);
}
for (let i = 0; i < args.length; i += 2) {
  const data = readFileSync(args[i]);
  writeFileSync(args[i + 1], zlib.brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_GENERIC,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  }));
}
