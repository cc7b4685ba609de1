import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressDirectory, MIN_BYTES } from './compress-assets.ts';

describe('compress-assets', () => {
  it('writes brotli and gzip copies of the text files that shrink, and nothing else', () => {
    const dist = mkdtempSync(join(tmpdir(), 'lobby-compress-'));
    mkdirSync(join(dist, 'assets'));
    const script = Buffer.from(`export const rows = ${JSON.stringify(Array(400).fill('row'))};\n`);
    writeFileSync(join(dist, 'assets', 'index-abc.js'), script);
    writeFileSync(join(dist, 'assets', 'tiny-abc.js'), 'x'.repeat(MIN_BYTES - 1));
    writeFileSync(join(dist, 'assets', 'photo.png'), Buffer.alloc(4096, 7));
    writeFileSync(join(dist, 'index.html'), `<html>${'<p>page</p>'.repeat(500)}</html>`);

    const results = compressDirectory(dist);

    const js = join(dist, 'assets', 'index-abc.js');
    expect(brotliDecompressSync(readFileSync(`${js}.br`))).toEqual(script);
    expect(gunzipSync(readFileSync(`${js}.gz`))).toEqual(script);
    expect(readFileSync(`${js}.br`).byteLength).toBeLessThan(script.byteLength / 2);
    // Too small to pay, not text, and the page the API renders itself.
    for (const file of ['assets/tiny-abc.js', 'assets/photo.png', 'index.html']) {
      expect(existsSync(join(dist, `${file}.br`)), file).toBe(false);
      expect(existsSync(join(dist, `${file}.gz`)), file).toBe(false);
    }
    expect(results.map((result) => result.file).sort()).toEqual([
      join('assets', 'index-abc.js'),
      join('assets', 'tiny-abc.js'),
    ]);
  });
});
