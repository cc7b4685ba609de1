/// <reference types="node" />
import { describe, expect, it } from 'vitest';
import {
  collectStaticChunks,
  findHtmlEntry,
  measureInitialJs,
  type Manifest,
} from './bundle-budget.ts';

const manifest: Manifest = {
  'index.html': {
    file: 'assets/index-a.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_vendor-b.js', '_shared-c.js'],
    dynamicImports: ['src/features/login.tsx'],
    css: ['assets/index-a.css'],
  },
  '_vendor-b.js': { file: 'assets/vendor-b.js', imports: ['_shared-c.js'] },
  '_shared-c.js': { file: 'assets/shared-c.js' },
  'src/features/login.tsx': { file: 'assets/login-d.js', imports: ['_vendor-b.js'] },
};

describe('bundle budget', () => {
  it('finds the entry that index.html loads', () => {
    expect(findHtmlEntry(manifest)).toBe('index.html');
  });

  it('counts the entry and its static imports once each, never lazy chunks', () => {
    expect(collectStaticChunks(manifest, 'index.html')).toEqual([
      'assets/index-a.js',
      'assets/vendor-b.js',
      'assets/shared-c.js',
    ]);
  });

  it('sums gzip sizes of the counted files', () => {
    const content = Buffer.from('x'.repeat(5000));
    const result = measureInitialJs(manifest, () => content);
    expect(result.files).toHaveLength(3);
    expect(result.rawBytes).toBe(15_000);
    expect(result.gzipBytes).toBeGreaterThan(0);
    expect(result.gzipBytes).toBeLessThan(result.rawBytes);
  });
});
