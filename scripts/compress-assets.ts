/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text file of a built app, at
 * the highest levels, once per build: the API sends them instead of the file to clients that
 * accept them (plugins/web.ts and plugins/admin-web.ts), with no compression work per request.
 * index.html is left alone (the API renders it per brand and compresses it itself), as are
 * small files and files that do not shrink.
 *
 *   node scripts/compress-assets.ts apps/web/dist [apps/admin/dist ...]
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text formats worth compressing; images such as png and webp are compressed already. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|webmanifest|txt|xml|map|wasm)$/;
/** Below this a compressed copy saves less than a packet. */
export const MIN_BYTES = 1024;
/** A copy is kept only when it is smaller than this share of the original. */
export const MAX_RATIO = 0.9;

export type Compressed = { file: string; bytes: number; br: number | null; gzip: number | null };

/** The compressed copies of one file's content, or null where one does not pay. */
export function compressContent(content: Buffer): { br: Buffer | null; gzip: Buffer | null } {
  if (content.byteLength < MIN_BYTES) return { br: null, gzip: null };
  const br = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.byteLength,
    },
  });
  const gzip = gzipSync(content, { level: 9 });
  const pays = (copy: Buffer) => copy.byteLength < content.byteLength * MAX_RATIO;
  return { br: pays(br) ? br : null, gzip: pays(gzip) ? gzip : null };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/** Compresses every compressible file under `distDir` but its index.html. */
export function compressDirectory(distDir: string): Compressed[] {
  const results: Compressed[] = [];
  for (const path of filesUnder(distDir)) {
    const file = relative(distDir, path);
    if (file === 'index.html' || !COMPRESSIBLE.test(file)) continue;
    const content = readFileSync(path);
    const { br, gzip } = compressContent(content);
    if (br) writeFileSync(`${path}.br`, br);
    if (gzip) writeFileSync(`${path}.gz`, gzip);
    results.push({
      file,
      bytes: content.byteLength,
      br: br?.byteLength ?? null,
      gzip: gzip?.byteLength ?? null,
    });
  }
  return results;
}

function main(directories: string[]): void {
  if (directories.length === 0) {
    console.error('usage: node scripts/compress-assets.ts <dist directory>...');
    process.exit(2);
  }
  for (const directory of directories) {
    const distDir = resolve(directory);
    if (!statSync(distDir, { throwIfNoEntry: false })?.isDirectory()) {
      console.error(`compress-assets: ${distDir} is not a directory (build first)`);
      process.exit(1);
    }
    const results = compressDirectory(distDir);
    const sum = (pick: (result: Compressed) => number) =>
      results.reduce((total, result) => total + pick(result), 0);
    const raw = sum((result) => result.bytes);
    const br = sum((result) => result.br ?? result.bytes);
    const gzip = sum((result) => result.gzip ?? result.bytes);
    const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    console.log(
      `compress-assets: ${directory}: ${results.length} files, ${kilobytes(raw)} -> ` +
        `${kilobytes(br)} brotli, ${kilobytes(gzip)} gzip`,
    );
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2));
}
