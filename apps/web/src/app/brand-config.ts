import {
  BRAND_CONFIG_GLOBAL,
  LANGUAGES,
  SITE_CONFIG_PATH,
  type BrandPublicConfig,
  type BrandTheme,
} from '@lobby/contracts';

/**
 * The brand is chosen at run time. The API inlines the resolved brand's public config into
 * index.html as `window.__LOBBY_BRAND__`; without it (the Vite dev server) the app asks the
 * API for it before rendering.
 */

export { BRAND_CONFIG_GLOBAL, SITE_CONFIG_PATH };

/** CSS custom properties of the theme; the server writes exactly these names on :root. */
export const THEME_VARIABLES: Readonly<Record<Exclude<keyof BrandTheme, 'mode'>, string>> = {
  primary: '--color-primary',
  onPrimary: '--color-on-primary',
  accent: '--color-accent',
  background: '--color-bg',
  surface: '--color-surface',
  text: '--color-text',
  mutedText: '--color-muted',
};

export function themeVariables(theme: BrandTheme): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [key, name] of Object.entries(THEME_VARIABLES)) {
    variables[name] = theme[key as keyof typeof THEME_VARIABLES];
  }
  return variables;
}

/** Sets the theme on the document (also when the server already did: it is the same). */
export function applyBrand(config: BrandPublicConfig, root: HTMLElement): void {
  for (const [name, value] of Object.entries(themeVariables(config.theme))) {
    root.style.setProperty(name, value);
  }
  root.dataset['themeMode'] = config.theme.mode;
  root.style.colorScheme = config.theme.mode;
  const document = root.ownerDocument;
  if (!document.title) document.title = config.siteName;
  let themeColor = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (!themeColor) {
    themeColor = document.createElement('meta');
    themeColor.name = 'theme-color';
    document.head.append(themeColor);
  }
  themeColor.content = config.theme.background;
}

export class BrandConfigError extends Error {
  override name = 'BrandConfigError';
}

const COLOR = /^#[0-9a-fA-F]{6}$/;
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The fields the shell cannot render without, checked by hand. The config is built by the
 * API from `brandPublicConfigSchema` (it validates it there); the full zod schema is not
 * repeated here because zod alone would take a sixth of /home's bundle budget.
 */
export function brandConfigProblem(value: unknown): string | null {
  if (!isObject(value)) return 'not an object';
  if (typeof value['siteName'] !== 'string' || value['siteName'] === '') return 'siteName';
  if (!(LANGUAGES as readonly unknown[]).includes(value['language'])) return 'language';
  const theme = value['theme'];
  if (!isObject(theme) || (theme['mode'] !== 'dark' && theme['mode'] !== 'light')) return 'theme';
  for (const key of Object.keys(THEME_VARIABLES)) {
    if (typeof theme[key] !== 'string' || !COLOR.test(theme[key])) return `theme.${key}`;
  }
  if (!isObject(value['settings'])) return 'settings';
  if (!isObject(value['statistics'])) return 'statistics';
  if (!Array.isArray(value['contacts'])) return 'contacts';
  return null;
}

function parseConfig(value: unknown, source: string): BrandPublicConfig {
  const problem = brandConfigProblem(value);
  if (problem) throw new BrandConfigError(`brand config from ${source} is invalid: ${problem}`);
  return value as BrandPublicConfig;
}

/** The inlined config, or undefined when the page was not served by the API. */
export function readInlineBrandConfig(global: object = window): BrandPublicConfig | undefined {
  const value: unknown = (global as Record<string, unknown>)[BRAND_CONFIG_GLOBAL];
  if (value === undefined || value === null) return undefined;
  return parseConfig(value, BRAND_CONFIG_GLOBAL);
}

export async function fetchBrandConfig(
  fetchImpl: typeof fetch = fetch,
  signal?: AbortSignal,
): Promise<BrandPublicConfig> {
  const response = await fetchImpl(SITE_CONFIG_PATH, {
    headers: { accept: 'application/json' },
    credentials: 'same-origin',
    signal: signal ?? null,
  });
  if (!response.ok) {
    throw new BrandConfigError(`${SITE_CONFIG_PATH} answered ${response.status}`);
  }
  const body = (await response.json()) as { status?: unknown; data?: unknown };
  if (body.status !== true) {
    throw new BrandConfigError(`${SITE_CONFIG_PATH} failed: ${String(body.data)}`);
  }
  return parseConfig(body.data, SITE_CONFIG_PATH);
}

export async function loadBrandConfig(): Promise<BrandPublicConfig> {
  return readInlineBrandConfig() ?? (await fetchBrandConfig());
}
