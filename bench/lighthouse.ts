/**
 * The member site's first visit on a phone: Lighthouse's mobile preset (simulated slow 4G and a
 * 4x slower CPU, Moto G Power screen and user agent) on the production build served by the API.
 *
 *   npm run build && npm run bench:lighthouse [-- runs=3] [paths=/home,/app/home] [save=<dir>]
 *
 * Builds nothing: it expects `npm run build` done (apps/web/dist). Starts one API node in
 * production mode on a fresh embedded database with the demo data, whose default brand
 * (jinsheng, zh-CN) answers 127.0.0.1. A phone's /home goes on to /app/home (SPEC.md: mobile
 * browsers on /home are redirected), so both are measured. Each run gets a new Chromium profile
 * (a first visit: empty cache, no service worker). Prints, per path, every run and the median of
 * the performance score, LCP, TBT, FCP, CLS and the JavaScript transferred, with the machine's
 * load average (other work on the machine slows the simulated figures too: Lighthouse scales the
 * CPU time it observes). `save` keeps each run's full report (JSON) in a directory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { startApiNode, type ServerProcess } from './lib/processes.ts';

const ROOT = join(import.meta.dirname, '..');
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const argument = (name: string, fallback: string): string =>
  process.argv
    .slice(2)
    .find((arg) => arg.startsWith(`${name}=`))
    ?.slice(name.length + 1) ?? fallback;
const runs = Number(argument('runs', '3'));
const paths = argument('paths', '/home,/app/home').split(',');
const saveDir = argument('save', '');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error()),
      );
    });
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

type Site = { origin: string; node: ServerProcess; dataDir: string };

/** One API node as `npm run start:api` runs it in production, on the embedded database. */
async function startSite(): Promise<Site> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lobby-lighthouse-'));
  const node = await startApiNode({
    port: await freePort(),
    extraEnv: { DATA_DIR: dataDir, GAME_PROVIDER_SECRET: 'lighthouse-bench-secret-0123456789' },
  });
  return { origin: node.origin, node, dataDir };
}

type Browser = { port: number; child: ChildProcess; profileDir: string };

/** A fresh Chromium (new profile: empty cache) that Lighthouse drives over its debugging port. */
async function startChromium(): Promise<Browser> {
  const port = await freePort();
  const profileDir = mkdtempSync(join(tmpdir(), 'lobby-lighthouse-chromium-'));
  const child = spawn(
    CHROMIUM,
    [
      ...CHROMIUM_FLAGS,
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profileDir}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  await new Promise<void>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not start:\n${seen}`)), 30_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.includes('DevTools listening on')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (${code}):\n${seen}`));
    });
  });
  child.stderr?.resume();
  return { port, child, profileDir };
}

type Figures = {
  score: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  cls: number;
  jsBytes: number;
  jsFiles: number;
  totalBytes: number;
};

type NetworkItem = { resourceType?: string; transferSize?: number; url?: string };

async function measure(url: string, label: string): Promise<Figures> {
  const browser = await startChromium();
  try {
    // No config: Lighthouse's default is the mobile preset.
    const result = await lighthouse(url, {
      port: browser.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    if (saveDir !== '') {
      mkdirSync(saveDir, { recursive: true });
      writeFileSync(join(saveDir, `${label}.json`), JSON.stringify(lhr));
    }
    const numeric = (id: string): number => lhr.audits[id]?.numericValue ?? Number.NaN;
    const details = lhr.audits['network-requests']?.details as { items?: NetworkItem[] };
    const items = details.items ?? [];
    const scripts = items.filter((item) => item.resourceType === 'Script');
    return {
      score: Math.round((lhr.categories['performance']?.score ?? 0) * 100),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      fcpMs: numeric('first-contentful-paint'),
      cls: numeric('cumulative-layout-shift'),
      jsBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
      jsFiles: scripts.length,
      totalBytes: items.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    };
  } finally {
    await stop(browser.child);
    rmSync(browser.profileDir, { recursive: true, force: true });
  }
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

const kilobytes = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
const load = (): string =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

function line(label: string, figures: Figures): string {
  return (
    `${label.padEnd(8)} perf ${String(figures.score).padStart(3)}  ` +
    `LCP ${(figures.lcpMs / 1000).toFixed(2)} s  TBT ${Math.round(figures.tbtMs)} ms  ` +
    `FCP ${(figures.fcpMs / 1000).toFixed(2)} s  CLS ${figures.cls.toFixed(3)}  ` +
    `JS ${kilobytes(figures.jsBytes)} in ${figures.jsFiles} files  ` +
    `all ${kilobytes(figures.totalBytes)}`
  );
}

if (!existsSync(join(ROOT, 'apps/web/dist/index.html'))) {
  console.error('apps/web/dist is missing: run `npm run build` first');
  process.exit(1);
}
if (!existsSync(CHROMIUM)) {
  console.error(`no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`);
  process.exit(1);
}

const site = await startSite();
try {
  console.log(
    `Lighthouse ${'mobile'} preset, ${site.origin} (brand jinsheng, zh-CN), ${runs} runs per path`,
  );
  console.log(`load average at start: ${load()}`);
  for (const path of paths) {
    const all: Figures[] = [];
    console.log(`\n${path}`);
    for (let run = 1; run <= runs; run += 1) {
      const figures = await measure(site.origin + path, `${path.replaceAll('/', '_')}-${run}`);
      all.push(figures);
      console.log(`  ${line(`run ${run}`, figures)}  (load ${load()})`);
    }
    const pick = (key: keyof Figures) => median(all.map((figures) => figures[key]));
    console.log(
      `  ${line('median', {
        score: pick('score'),
        lcpMs: pick('lcpMs'),
        tbtMs: pick('tbtMs'),
        fcpMs: pick('fcpMs'),
        cls: pick('cls'),
        jsBytes: pick('jsBytes'),
        jsFiles: pick('jsFiles'),
        totalBytes: pick('totalBytes'),
      })}`,
    );
  }
  console.log(`\nload average at end: ${load()}`);
} finally {
  await site.node.stop();
  rmSync(site.dataDir, { recursive: true, force: true });
}
