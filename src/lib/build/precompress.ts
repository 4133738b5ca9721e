import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { AstroIntegration } from 'astro';

/**
 * Writes `x.br` and `x.gz` beside every compressible file of the build, at the strongest levels
 * (Brotli 11, 9 above 1 MiB; gzip 9), so the server (server/core/console-static.ts, @fastify/static
 * `preCompressed`) sends them as they are instead of compressing each reply on the fly: smaller
 * files than a per-request level allows, and no compression work on a busy server. A file is
 * skipped when compressing does not pay (small, or already compressed like woff2 and images).
 */

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|map|ttf|eot|otf|woff|wasm|md)$/i;
/** The server's on-the-fly threshold (server/app.ts): below it a reply is sent plain anyway. */
const MIN_BYTES = 1024;

const BIG_FILE = 1024 * 1024;

const br = promisify(brotliCompress);
const gz = promisify(gzip);

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, e.name);
    if (e.isDirectory()) yield* filesUnder(full);
    else if (COMPRESSIBLE.test(e.name)) yield full;
  }
}

export interface PrecompressResult {
  files: number;
  bytes: number;
  brotli: number;
  gzip: number;
}

export async function precompressDir(dir: string, concurrency = 4): Promise<PrecompressResult> {
  const result: PrecompressResult = { files: 0, bytes: 0, brotli: 0, gzip: 0 };
  const queue: string[] = [];
  for await (const f of filesUnder(dir)) queue.push(f);
  const work = async () => {
    for (let file = queue.pop(); file; file = queue.pop()) {
      if ((await stat(file)).size < MIN_BYTES) continue;
      const raw = await readFile(file);
      const [b, g] = await Promise.all([
        // Brotli's strongest level costs seconds per MiB: the few big files (Monaco's, loaded by the
        // code editor only) take the next one, which is many times faster for a few % more.
        br(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: raw.length > BIG_FILE ? 9 : 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
        gz(raw, { level: 9 }),
      ]);
      // Only worth a file when it saves something.
      if (g.length >= raw.length) continue;
      await Promise.all([writeFile(`${file}.br`, b), writeFile(`${file}.gz`, g)]);
      result.files++;
      result.bytes += raw.length;
      result.brotli += b.length;
      result.gzip += g.length;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, work));
  return result;
}

/** The Astro integration: precompresses the output once the build is written. */
export function precompress(): AstroIntegration {
  return {
    name: 'castanea-precompress',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const r = await precompressDir(fileURLToPath(dir));
        const kib = (n: number) => `${Math.round(n / 1024).toLocaleString('en')} KiB`;
        logger.info(`${r.files} files precompressed: ${kib(r.bytes)} → brotli ${kib(r.brotli)}, gzip ${kib(r.gzip)}`);
      },
    },
  };
}
