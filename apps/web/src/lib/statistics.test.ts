import type { StatisticsConfig, StatisticsEntry } from '@lobby/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ANALYTICS_QUEUE_GLOBAL,
  initAnalyticsQueue,
  loadStatistics,
  normalizeHost,
  scriptAddress,
  trackPageView,
} from './statistics.ts';

const LA = { kind: '51la', url: 'https://sdk.51.la/js-sdk-pro.min.js?id=K1', platform_ck: 'CK1' };
const CNZZ = { kind: 'cnzz', url: 'https://s9.cnzz.com/z_stat.php?id=77', platform_ck: '' };
const OTHER = { kind: 'cnzz', url: 'https://s9.cnzz.com/z_stat.php?id=88', platform_ck: '' };

function config(overrides: Partial<StatisticsConfig> = {}): StatisticsConfig {
  return {
    appKey: 'APPKEY',
    name: 'brand one',
    source: 'config',
    byHost: { 'www.one.example': [LA as StatisticsConfig['default'][number]] },
    default: [CNZZ as StatisticsConfig['default'][number]],
    ...overrides,
  };
}

/** A fresh document per test, so tags from one test never satisfy another's "once". */
let page: Document;

/**
 * happy-dom does not fetch scripts in tests; by default it reports each as failed (and logs
 * it). Reporting them as loaded keeps the output clean; failures are dispatched by hand.
 */
type HappyDomWindow = { happyDOM?: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } };
const happyDom = (window as unknown as HappyDomWindow).happyDOM;

function scriptTags(): HTMLScriptElement[] {
  return Array.from(page.querySelectorAll('script[data-lobby-statistics]'));
}

let warn: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  if (happyDom) happyDom.settings.handleDisabledFileLoadingAsSuccess = true;
  page = document.implementation.createHTMLDocument('statistics test');
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  if (happyDom) happyDom.settings.handleDisabledFileLoadingAsSuccess = false;
  delete (window as unknown as Record<string, unknown>)[ANALYTICS_QUEUE_GLOBAL];
  vi.restoreAllMocks();
});

function queue(): unknown[][] {
  return (window as unknown as Record<string, unknown[][]>)[ANALYTICS_QUEUE_GLOBAL] ?? [];
}

describe('scriptAddress', () => {
  it('adds ck to a 51.la script and async=1 to a cnzz script', () => {
    expect(scriptAddress(LA as never)).toBe('https://sdk.51.la/js-sdk-pro.min.js?id=K1&ck=CK1');
    expect(scriptAddress(CNZZ as never)).toBe('https://s9.cnzz.com/z_stat.php?id=77&async=1');
  });

  it('escapes the ck value and replaces one already there', () => {
    expect(
      scriptAddress({ kind: '51la', url: 'https://sdk.51.la/a.js?ck=old', platform_ck: 'a&b' }),
    ).toBe('https://sdk.51.la/a.js?ck=a%26b');
  });

  it('refuses unusable addresses with a warning', () => {
    expect(scriptAddress({ kind: 'cnzz', url: 'not a url', platform_ck: '' })).toBeNull();
    expect(scriptAddress({ kind: 'cnzz', url: 'javascript:alert(1)', platform_ck: '' })).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
  });
});

describe('normalizeHost', () => {
  it.each([
    ['www.one.example', 'www.one.example'],
    ['WWW.One.Example', 'www.one.example'],
    ['https://www.one.example/', 'www.one.example'],
    ['http://www.one.example:8080/path?x=1', 'www.one.example'],
    ['www.one.example:3000', 'www.one.example'],
    ['//www.one.example/', 'www.one.example'],
    ['www.one.example.', 'www.one.example'],
    ['  www.one.example  ', 'www.one.example'],
    ['https://user@www.one.example', 'www.one.example'],
    ['[::1]:3000', '[::1]'],
    ['', ''],
  ])('%j -> %j', (value, host) => {
    expect(normalizeHost(value)).toBe(host);
  });
});

describe('loadStatistics from config', () => {
  it("inserts the host's scripts as async script tags", async () => {
    const addresses = await loadStatistics({
      config: config(),
      host: 'www.one.example',
      document: page,
    });
    expect(addresses).toEqual(['https://sdk.51.la/js-sdk-pro.min.js?id=K1&ck=CK1']);
    const tags = scriptTags();
    expect(tags).toHaveLength(1);
    expect(tags[0]!.async).toBe(true);
    expect(tags[0]!.getAttribute('src')).toBe(addresses[0]);
    expect(tags[0]!.parentElement).toBe(page.head);
  });

  it('matches the host ignoring case and port', async () => {
    const addresses = await loadStatistics({
      config: config(),
      host: 'WWW.ONE.EXAMPLE:8080',
      document: page,
    });
    expect(addresses).toEqual(['https://sdk.51.la/js-sdk-pro.min.js?id=K1&ck=CK1']);
  });

  it('uses the default list for a host without an entry', async () => {
    const addresses = await loadStatistics({
      config: config(),
      host: 'm.two.example',
      document: page,
    });
    expect(addresses).toEqual(['https://s9.cnzz.com/z_stat.php?id=77&async=1']);
  });

  it('uses an empty host entry as "no scripts", not the default', async () => {
    const addresses = await loadStatistics({
      config: config({ byHost: { 'www.one.example': [] } }),
      host: 'www.one.example',
      document: page,
    });
    expect(addresses).toEqual([]);
    expect(scriptTags()).toHaveLength(0);
  });

  it('inserts each script once, however often it is called', async () => {
    await loadStatistics({ config: config(), host: 'www.one.example', document: page });
    await loadStatistics({ config: config(), host: 'www.one.example', document: page });
    expect(scriptTags()).toHaveLength(1);
    expect(queue().filter((command) => command[0] === 'init')).toHaveLength(1);
  });

  it('skips a bad address and loads the rest', async () => {
    const addresses = await loadStatistics({
      config: config({
        default: [{ kind: 'cnzz', url: 'ftp://x.example/a.js', platform_ck: '' }, CNZZ as never],
      }),
      host: 'other.example',
      document: page,
    });
    expect(addresses).toEqual(['https://s9.cnzz.com/z_stat.php?id=77&async=1']);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('only warns when a script fails to load', async () => {
    await loadStatistics({ config: config(), host: 'www.one.example', document: page });
    scriptTags()[0]!.dispatchEvent(new Event('error'));
    expect(warn).toHaveBeenCalledWith(
      'statistics: script failed to load',
      'https://sdk.51.la/js-sdk-pro.min.js?id=K1&ck=CK1',
    );
  });
});

describe('loadStatistics from the API list', () => {
  const entries: StatisticsEntry[] = [
    { url: 'https://www.one.example/', platform_ck: 'CKA', kind: '51la', script: LA.url },
    { url: 'www.two.example', platform_ck: 'CKB', kind: '51la', script: LA.url },
    { url: 'http://WWW.ONE.EXAMPLE:8080', platform_ck: '', kind: 'cnzz', script: OTHER.url },
  ];

  it('keeps the entries whose url names this host', async () => {
    const fetchApiList = vi.fn(async () => entries);
    const addresses = await loadStatistics({
      config: config({ source: 'api' }),
      host: 'www.one.example',
      fetchApiList,
      document: page,
    });
    expect(fetchApiList).toHaveBeenCalledTimes(1);
    expect(addresses).toEqual([
      'https://sdk.51.la/js-sdk-pro.min.js?id=K1&ck=CKA',
      'https://s9.cnzz.com/z_stat.php?id=88&async=1',
    ]);
  });

  it('loads nothing for a host that no entry names', async () => {
    const addresses = await loadStatistics({
      config: config({ source: 'api' }),
      host: 'three.example',
      fetchApiList: async () => entries,
      document: page,
    });
    expect(addresses).toEqual([]);
  });

  it('only warns when the list cannot be fetched, and still initialises the queue', async () => {
    const addresses = await loadStatistics({
      config: config({ source: 'api' }),
      host: 'www.one.example',
      fetchApiList: async () => {
        throw new Error('Network Error');
      },
      document: page,
    });
    expect(addresses).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(queue()).toEqual([['init', 'APPKEY', 'brand one']]);
  });

  it('only warns when no fetcher was given', async () => {
    await expect(
      loadStatistics({
        config: config({ source: 'api' }),
        host: 'www.one.example',
        document: page,
      }),
    ).resolves.toEqual([]);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('does not call the API when the source is config', async () => {
    const fetchApiList = vi.fn(async () => entries);
    await loadStatistics({
      config: config(),
      host: 'www.one.example',
      fetchApiList,
      document: page,
    });
    expect(fetchApiList).not.toHaveBeenCalled();
  });
});

describe('analytics queue', () => {
  it("starts with the brand's init entry, then page views", async () => {
    await loadStatistics({ config: config(), host: 'www.one.example', document: page });
    trackPageView('/home');
    trackPageView('/user/vip');
    expect(queue()).toEqual([
      ['init', 'APPKEY', 'brand one'],
      ['pageview', '/home'],
      ['pageview', '/user/vip'],
    ]);
  });

  it('keeps commands queued before it was initialised', () => {
    trackPageView('/early');
    initAnalyticsQueue(window, 'APPKEY', 'brand one');
    expect(queue()).toEqual([
      ['pageview', '/early'],
      ['init', 'APPKEY', 'brand one'],
    ]);
  });

  it('records no init for a brand without an appKey', () => {
    initAnalyticsQueue(window, '', 'nameless');
    expect(queue()).toEqual([]);
  });

  it('works on another window object', () => {
    const view = {};
    initAnalyticsQueue(view, 'K', 'n');
    trackPageView('/x', view);
    expect((view as Record<string, unknown>)[ANALYTICS_QUEUE_GLOBAL]).toEqual([
      ['init', 'K', 'n'],
      ['pageview', '/x'],
    ]);
  });
});
