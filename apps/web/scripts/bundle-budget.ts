/// <reference types="node" />
/**
 * Bundle budget of the member site: the JavaScript that /home loads before it can render
 * (the entry chunk of index.html and every chunk it imports statically) must stay under
 * BUDGET_GZIP_BYTES once gzipped. Lazy screens are dynamic imports and do not count.
 *
 * Run after `vite build` (see the build script of apps/web/package.json). Exits 1 over budget.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const BUDGET_GZIP_BYTES = 150 * 1024;

/** One entry of Vite's dist/.vite/manifest.json (only the fields this script reads). */
export type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
export type Manifest = Record<string, ManifestChunk>;

export type InitialJs = {
  /** Output files of the entry chunk and its static imports, entry first. */
  files: string[];
  gzipBytes: number;
  rawBytes: number;
};

/** The manifest key of the page's entry: the chunk index.html loads. */
export function findHtmlEntry(manifest: Manifest): string {
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry === true);
  const html = entries.find(([key]) => key === 'index.html' || key.endsWith('/index.html'));
  const chosen = html ?? entries[0];
  if (!chosen) throw new Error('bundle budget: the manifest has no entry chunk');
  return chosen[0];
}

/** Follows static imports from the entry; dynamic imports (lazy screens) are not followed. */
export function collectStaticChunks(manifest: Manifest, entryKey: string): string[] {
  const seen = new Set<string>();
  const order: string[] = [];
  const visit = (key: string): void => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`bundle budget: manifest has no chunk "${key}"`);
    order.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entryKey);
  return order.filter((file) => file.endsWith('.js'));
}

export function measureInitialJs(
  manifest: Manifest,
  readOutputFile: (file: string) => Buffer,
): InitialJs {
  const files = collectStaticChunks(manifest, findHtmlEntry(manifest));
  let gzipBytes = 0;
  let rawBytes = 0;
  for (const file of files) {
    const content = readOutputFile(file);
    rawBytes += content.byteLength;
    gzipBytes += gzipSync(content, { level: 9 }).byteLength;
  }
  return { files, gzipBytes, rawBytes };
}

const kilobytes = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

function main(): void {
  const distDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
  const manifest = JSON.parse(
    readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  const result = measureInitialJs(manifest, (file) => readFileSync(join(distDir, file)));
  console.log('Bundle budget: JavaScript loaded by /home (entry and its static imports)');
  for (const file of result.files) console.log(`  ${file}`);
  console.log(
    `  total ${kilobytes(result.gzipBytes)} gzip (${kilobytes(result.rawBytes)} raw), ` +
      `budget ${kilobytes(BUDGET_GZIP_BYTES)} gzip`,
  );
  if (result.gzipBytes > BUDGET_GZIP_BYTES) {
    console.error(
      `Bundle budget exceeded by ${kilobytes(result.gzipBytes - BUDGET_GZIP_BYTES)} gzip.`,
    );
    process.exit(1);
  }
  console.log('  within budget');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main();
}
