import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No god files (decision 0012): no source file of the apps or packages passes 600 lines. Tests,
 * test support and generated migrations are exempt; split a file by sub-domain when it grows.
 */
const ROOT = join(import.meta.dirname, '..');
const MAX_LINES = 600;
const SOURCE = /\.(ts|tsx|css|js)$/;
const EXEMPT =
  /(\.test\.tsx?$|\.test-support\.ts$|\/test\/|\/migrations\/|\/node_modules\/|\/dist\/)/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return SOURCE.test(entry.name) && !EXEMPT.test(path) ? [path] : [];
  });
}

function sourceRoots(): string[] {
  return ['apps', 'packages'].flatMap((group) =>
    readdirSync(join(ROOT, group), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(ROOT, group, entry.name, 'src')),
  );
}

describe('file size', () => {
  it(`keeps every source file within ${MAX_LINES} lines`, () => {
    const files = sourceRoots().flatMap((root) => {
      try {
        return sourceFiles(root);
      } catch {
        return [];
      }
    });
    expect(files.length).toBeGreaterThan(300);
    const tooLong = files
      .map((file) => ({
        file: relative(ROOT, file),
        lines: (readFileSync(file, 'utf8').match(/\n/g) ?? []).length,
      }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(tooLong).toEqual([]);
  });
});
