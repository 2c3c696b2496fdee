/**
 * A Vite plugin for the browser build: every text asset of build/client (scripts, styles, SVG,
 * the manifest) gets a brotli (quality 11) and a gzip (level 9) twin at build time, which
 * `@fastify/static` serves with `preCompressed` — the strongest compression, paid once, not per
 * request. Files under 1 KB are left alone (as `@fastify/compress` leaves them).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|html|txt|xml|webmanifest)$/;
const THRESHOLD = 1024;

export function precompress(): Plugin {
  return {
    name: 'khai-tri:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir;
      // The server bundle is never sent to a browser.
      if (!dir || path.basename(dir) !== 'client') return;
      for (const fileName of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(fileName)) continue;
        const file = path.join(dir, fileName);
        const content = fs.readFileSync(file);
        if (content.length < THRESHOLD) continue;
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(content, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
      }
    },
  };
}
