// Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, at the highest
// levels: done once per build, so the server sends the smallest bytes without compressing per request.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const TEXT = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/** Compresses the text files under `dir` (or only `only`, paths under it); returns how many. */
export function precompress(dir, only) {
  let count = 0;
  for (const file of only ?? files(dir)) {
    if (!TEXT.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
    const bytes = fs.readFileSync(file);
    const br = zlib.brotliCompressSync(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
    const gz = zlib.gzipSync(bytes, { level: zlib.constants.Z_BEST_COMPRESSION });
    // A copy no smaller than the file is left out: the server then sends the file itself.
    if (br.length < bytes.length) fs.writeFileSync(`${file}.br`, br);
    if (gz.length < bytes.length) fs.writeFileSync(`${file}.gz`, gz);
    count++;
  }
  return count;
}

/** The Vite plugin: precompresses the client build once it is written. */
export function precompressPlugin() {
  let outDir = '';
  let ssr = false;
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      ssr = !!config.build.ssr;
    },
    closeBundle() {
      if (!ssr) precompress(outDir);
    },
  };
}
