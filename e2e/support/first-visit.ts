import type { BrowserContext, Page } from 'playwright-core';

/** One response of a page's visit, as Chromium's network panel sees it. */
export type LoadedFile = {
  url: string;
  /** Chromium's resource type: Document, Script, Stylesheet, Image, Fetch, ... */
  type: string;
  status: number;
  /** Bytes on the wire, headers included (what a phone's data plan pays). */
  transferredBytes: number;
  /** Content-Encoding of the answer, '' when none. */
  encoding: string;
};

export type FirstVisit = {
  page: Page;
  files: LoadedFile[];
  /** The scripts of the visit from the site's own origin. */
  scripts: LoadedFile[];
  scriptBytes: number;
  totalBytes: number;
};

/**
 * Opens `url` in a fresh context (empty cache, no service worker, as a first visit is) and
 * records every response of the page until the network has been quiet for half a second after
 * `settled` resolved: what a browser really loads, lazy chunks, data and images included.
 */
export async function recordFirstVisit(
  context: BrowserContext,
  url: string,
  settled: (page: Page) => Promise<void>,
): Promise<FirstVisit> {
  const page = await context.newPage();
  const session = await context.newCDPSession(page);
  await session.send('Network.enable');
  const pending = new Map<string, Omit<LoadedFile, 'transferredBytes'>>();
  const files: LoadedFile[] = [];
  session.on('Network.responseReceived', (event) => {
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([name, value]) => [name.toLowerCase(), value]),
    );
    pending.set(event.requestId, {
      url: event.response.url,
      type: event.type ?? 'Other',
      status: event.response.status,
      encoding: String(headers['content-encoding'] ?? ''),
    });
  });
  session.on('Network.loadingFinished', (event) => {
    const response = pending.get(event.requestId);
    if (!response) return;
    pending.delete(event.requestId);
    files.push({ ...response, transferredBytes: event.encodedDataLength });
  });
  await page.goto(url);
  await settled(page);
  await page.waitForLoadState('networkidle');
  const origin = new URL(url).origin;
  const scripts = files.filter((file) => file.type === 'Script' && file.url.startsWith(origin));
  const sum = (list: LoadedFile[]) =>
    list.reduce((total, file) => total + file.transferredBytes, 0);
  return { page, files, scripts, scriptBytes: sum(scripts), totalBytes: sum(files) };
}

/** The language packs among the scripts of a visit (apps/web/src/app/locales/<language>.ts). */
export function languagePacks(files: LoadedFile[]): string[] {
  return files
    .map((file) => /\/assets\/(zh-CN|zh-TW|en)-[\w-]+\.js$/.exec(file.url)?.[1])
    .filter((language): language is string => language !== undefined)
    .sort();
}
