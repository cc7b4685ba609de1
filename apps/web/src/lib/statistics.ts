import type { StatisticsConfig, StatisticsEntry, StatisticsScript } from '@lobby/contracts';

/**
 * Loads the brand's statistics scripts (SPEC.md section 7): from the configured list of the
 * page's host, else the default list, or (source "api") from the API's list, keeping the
 * entries whose url names this host. A 51.la-type script gets `ck=<platform_ck>`, a
 * cnzz-type script `async=1`. Statistics never break the site: every failure is logged
 * with console.warn and swallowed.
 */

/** Name of the global analytics queue: an array of commands such as ['pageview', '/home']. */
export const ANALYTICS_QUEUE_GLOBAL = '__lobbyAnalytics';
/** Marks the script tags we inserted, holding the address we gave them. */
const SCRIPT_MARKER = 'data-lobby-statistics';

export type AnalyticsCommand = readonly unknown[];
type AnalyticsHost = { [ANALYTICS_QUEUE_GLOBAL]?: AnalyticsCommand[] };

export type LoadStatisticsInput = {
  config: StatisticsConfig;
  /** The page's host (location.host or location.hostname). */
  host: string;
  document?: Document;
  /** Fetches the API-provided list; only called when `config.source` is "api". */
  fetchApiList?: () => Promise<readonly StatisticsEntry[]>;
};

/**
 * Initialises the analytics queue and inserts the scripts that are not there yet. Returns
 * the addresses of the scripts the page now has for this host, in order.
 */
export async function loadStatistics(input: LoadStatisticsInput): Promise<string[]> {
  const targetDocument = input.document ?? document;
  const view = targetDocument.defaultView ?? globalThis;
  initAnalyticsQueue(view, input.config.appKey, input.config.name);

  const scripts = await scriptsForHost(input);
  const addresses: string[] = [];
  for (const script of scripts) {
    const address = scriptAddress(script);
    if (!address) continue;
    insertScriptOnce(targetDocument, address);
    addresses.push(address);
  }
  return addresses;
}

/** The scripts of a host, from the config or from the API's list. */
export async function scriptsForHost(input: LoadStatisticsInput): Promise<StatisticsScript[]> {
  const { config } = input;
  const host = normalizeHost(input.host);
  if (config.source === 'api') {
    if (!input.fetchApiList) {
      console.warn('statistics: source is "api" but no list fetcher was given');
      return [];
    }
    let entries: readonly StatisticsEntry[];
    try {
      entries = await input.fetchApiList();
    } catch (error) {
      console.warn('statistics: could not load the statistics list', error);
      return [];
    }
    return entries
      .filter((entry) => host !== '' && normalizeHost(entry.url) === host)
      .map((entry) => ({ kind: entry.kind, url: entry.script, platform_ck: entry.platform_ck }));
  }
  const exact = Object.hasOwn(config.byHost, input.host) ? config.byHost[input.host] : undefined;
  const matchingKey = Object.keys(config.byHost).find((key) => normalizeHost(key) === host);
  return (
    exact ?? (matchingKey === undefined ? undefined : config.byHost[matchingKey]) ?? config.default
  );
}

/**
 * The host name of a host or address, for comparison: lower case, without scheme, port,
 * path or trailing dot. "HTTPS://WWW.Example.com:8443/x/" gives "www.example.com".
 */
export function normalizeHost(value: string): string {
  let text = value.trim().toLowerCase();
  text = text.replace(/^[a-z][a-z0-9+.-]*:\/\//, '').replace(/^\/\//, '');
  text = text.split(/[/?#]/, 1)[0] ?? '';
  text = text.replace(/^[^@]*@/, '');
  text = text.startsWith('[') ? text.slice(0, text.indexOf(']') + 1) : text.replace(/:\d*$/, '');
  return text.replace(/\.$/, '');
}

/** The address to load for a script, with its provider's extra parameter; null if unusable. */
export function scriptAddress(script: StatisticsScript): string | null {
  let url: URL;
  try {
    url = new URL(script.url);
  } catch (error) {
    console.warn('statistics: bad script address', script.url, error);
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    console.warn('statistics: refused a script address that is not http(s)', script.url);
    return null;
  }
  if (script.kind === '51la' && script.platform_ck !== '') {
    url.searchParams.set('ck', script.platform_ck);
  } else if (script.kind === 'cnzz') {
    url.searchParams.set('async', '1');
  }
  return url.href;
}

function insertScriptOnce(targetDocument: Document, address: string): void {
  const present = Array.from(targetDocument.querySelectorAll(`script[${SCRIPT_MARKER}]`)).some(
    (element) => element.getAttribute(SCRIPT_MARKER) === address,
  );
  if (present) return;
  const element = targetDocument.createElement('script');
  element.async = true;
  element.src = address;
  element.setAttribute(SCRIPT_MARKER, address);
  element.addEventListener('error', () => {
    console.warn('statistics: script failed to load', address);
  });
  (targetDocument.head ?? targetDocument.documentElement).appendChild(element);
}

function queueOf(view: object): AnalyticsCommand[] {
  const host = view as AnalyticsHost;
  host[ANALYTICS_QUEUE_GLOBAL] ??= [];
  return host[ANALYTICS_QUEUE_GLOBAL];
}

/**
 * Creates the global queue when missing and records the brand's ['init', appKey, name]
 * once. A brand without an appKey has no analytics account, so nothing is recorded.
 */
export function initAnalyticsQueue(view: object, appKey: string, name: string): void {
  const queue = queueOf(view);
  if (appKey === '') return;
  const initialised = queue.some((command) => command[0] === 'init' && command[1] === appKey);
  if (!initialised) queue.push(['init', appKey, name]);
}

/** Records a page view; called on every route change (SPEC.md section 2). */
export function trackPageView(path: string, view: object = globalThis): void {
  queueOf(view).push(['pageview', path]);
}
