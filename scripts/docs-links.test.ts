import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The repository stands on its own: a fresh clone has nothing beside it, so no markdown file
 * may point outside the repository root, and every markdown link to a file of the repository
 * must name one that exists.
 */

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The root README.md, every .md under docs/, and each app's and package's README.md. */
export function repositoryMarkdownFiles(root: string = REPO_ROOT): string[] {
  const files: string[] = [];
  const rootReadme = path.join(root, 'README.md');
  if (existsSync(rootReadme)) files.push(rootReadme);

  const walk = (directory: string) => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      if (entry.name === 'node_modules') continue;
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && entry.name.endsWith('.md')) files.push(full);
    }
  };
  if (existsSync(path.join(root, 'docs'))) walk(path.join(root, 'docs'));

  for (const parent of ['apps', 'packages']) {
    const directory = path.join(root, parent);
    if (!existsSync(directory)) continue;
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const readme = path.join(directory, entry.name, 'README.md');
      if (entry.isDirectory() && existsSync(readme)) files.push(readme);
    }
  }
  return files.sort();
}

export type LinkProblem = { line: number; target: string; problem: string };

const FENCE = /^\s*(```|~~~)/;
const INLINE_CODE = /`+([^`]+?)`+/g;
/** `[text](target)` and `![alt](target)`, target up to a space (a title may follow) or `)`. */
const INLINE_LINK = /!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+["'(][^)]*)?\)/g;
/** `[label]: target` reference definitions. */
const REFERENCE_DEFINITION = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/;
/** A path that climbs: `../x` at the start of a token, or `/../` inside it. */
const CLIMBING_TOKEN = /(?:^|[\s(`'"=:])((?:\.\.\/|[\w.-]+\/\.\.\/)[^\s`'")\]]*)/g;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

function isInside(root: string, target: string): boolean {
  const relative = path.relative(root, target);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

function cleanTarget(raw: string): string {
  const withoutFragment = raw.split('#')[0]?.split('?')[0] ?? '';
  try {
    return decodeURIComponent(withoutFragment);
  } catch {
    return withoutFragment;
  }
}

/**
 * The problems of one markdown file: links that leave the repository or name a missing file,
 * and paths written anywhere in the text (code spans and code blocks included) that climb out
 * of it. A climbing path may be meant from the file's folder or from the repository root, so it
 * is a problem when it leaves the repository from the file's folder, or when it leaves it from
 * the root and names nothing from the file's folder.
 */
export function linkProblems(file: string, text: string, root: string = REPO_ROOT): LinkProblem[] {
  const problems: LinkProblem[] = [];
  const directory = path.dirname(file);
  let inFence = false;

  text.split('\n').forEach((lineText, index) => {
    const line = index + 1;
    const fence = FENCE.test(lineText);

    for (const match of lineText.matchAll(CLIMBING_TOKEN)) {
      const token = (match[1] ?? '').replace(/[.,;:!?*_]+$/, '');
      const fromFile = path.resolve(directory, cleanTarget(token));
      const fromRoot = path.resolve(root, cleanTarget(token));
      if (!isInside(root, fromFile)) {
        problems.push({ line, target: token, problem: 'path leaves the repository' });
      } else if (!isInside(root, fromRoot) && !existsSync(fromFile)) {
        problems.push({ line, target: token, problem: 'path leaves the repository' });
      }
    }

    if (fence) inFence = !inFence;
    if (fence || inFence) return;

    const prose = lineText.replace(INLINE_CODE, (span) => ' '.repeat(span.length));
    const targets = [...prose.matchAll(INLINE_LINK)].map((match) => match[1] ?? '');
    const definition = REFERENCE_DEFINITION.exec(prose);
    if (definition?.[1]) targets.push(definition[1]);

    for (const target of targets) {
      if (target === '' || target.startsWith('#') || SCHEME.test(target)) continue;
      const relative = cleanTarget(target);
      if (relative === '') continue;
      const resolved = relative.startsWith('/')
        ? path.join(root, relative)
        : path.resolve(directory, relative);
      if (!isInside(root, resolved)) {
        problems.push({ line, target, problem: 'link leaves the repository' });
      } else if (!existsSync(resolved)) {
        problems.push({ line, target, problem: 'link names a missing file' });
      }
    }
  });
  return problems;
}

describe('markdown links stay inside the repository', () => {
  const files = repositoryMarkdownFiles();

  it('finds the documentation', () => {
    const names = files.map((file) => path.relative(REPO_ROOT, file));
    expect(names).toEqual(
      expect.arrayContaining(['README.md', 'docs/ARCHITECTURE.md', 'docs/PRODUCT.md']),
    );
    expect(names.some((name) => name.split(path.sep).includes('node_modules'))).toBe(false);
  });

  it.each(files.map((file) => [path.relative(REPO_ROOT, file), file]))(
    '%s links only to files of the repository',
    (_name, file) => {
      expect(linkProblems(file, readFileSync(file, 'utf8'))).toEqual([]);
    },
  );
});

describe('linkProblems', () => {
  const readme = path.join(REPO_ROOT, 'README.md');
  const architecture = path.join(REPO_ROOT, 'docs', 'ARCHITECTURE.md');
  const targets = (file: string, text: string) =>
    linkProblems(file, text).map((problem) => `${problem.line} ${problem.target}`);

  it('flags backticked and linked paths that leave the repository', () => {
    expect(targets(readme, 'specified in `../shared/spec/SPEC.md`; built')).toEqual([
      '1 ../shared/spec/SPEC.md',
    ]);
    expect(targets(architecture, 'Lobby follows `../shared/DESIGN.md`.')).toEqual([
      '1 ../shared/DESIGN.md',
    ]);
    expect(targets(architecture, 'see [the guide](../../shared/DESIGN.md)')).toEqual([
      '1 ../../shared/DESIGN.md',
      '1 ../../shared/DESIGN.md',
    ]);
    expect(targets(readme, '```sh\ncat ../shared/spec/SPEC.md\n```')).toEqual([
      '2 ../shared/spec/SPEC.md',
    ]);
    expect(targets(readme, '[guide]: ../shared/DESIGN.md')).toEqual([
      '1 ../shared/DESIGN.md',
      '1 ../shared/DESIGN.md',
    ]);
  });

  it('flags links to files that do not exist', () => {
    expect(targets(readme, '[x](docs/NOPE.md) and [y](docs/ARCHITECTURE.md#processes)')).toEqual([
      '1 docs/NOPE.md',
    ]);
  });

  it('accepts links inside the repository, web addresses, anchors and code', () => {
    const text = [
      '[docs](decisions/), [self](ARCHITECTURE.md), [up](../README.md), [web](https://example.com/a/../b)',
      '<http://localhost:3000/home>, [top](#lobby), [root](/docs/DESIGN.md)',
      '`[not a link](missing.md)` and `apps/api/src/config.ts`',
    ].join('\n');
    expect(targets(architecture, text)).toEqual([]);
  });
});
