import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing; images (PNG) and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;
/** Below this a compressed copy saves less than a network packet. */
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/**
 * Writes `x.gz` and `x.br` beside every compressible built file, so the server sends
 * compressed bytes without compressing per request (@fastify/static `preCompressed`, see
 * apps/api/src/plugins/web-app.ts). index.html is left out: the server rewrites it first.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'praca-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of files(outDir)) {
        if (!COMPRESSIBLE.test(file) || path.basename(file) === 'index.html') continue;
        const raw = fs.readFileSync(file);
        if (raw.length < MIN_BYTES) continue;
        const gz = zlib.gzipSync(raw, { level: 9 });
        const br = zlib.brotliCompressSync(raw, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        });
        if (gz.length < raw.length) fs.writeFileSync(`${file}.gz`, gz);
        if (br.length < raw.length) fs.writeFileSync(`${file}.br`, br);
      }
    },
  };
}
