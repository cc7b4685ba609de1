import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import {
  BRAND_CONFIG_GLOBAL,
  FIRST_SCREEN_ELEMENT_ID,
  matchesPageRoute,
  type BrandPublicConfig,
} from '@lobby/contracts';
import type { Brand } from '../contexts/platform/brand/index.ts';
import { contentSecurityPolicy, pageDirectives, type CspDirectives } from './security-headers.ts';

/** Where the web app's index.html takes the brand's head elements. */
export const BRAND_HEAD_PLACEHOLDER = '<!--lobby:brand-head-->';

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers a page path with the web app, injected with the request's brand. */
    serveWebPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  }
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** JSON that is safe inside a <script> element: no `</script>`, no HTML comment, no U+2028. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

/** CSS custom properties of the brand's theme, the names the web app's styles read. */
export function themeCss(config: BrandPublicConfig): string {
  const { theme } = config;
  return (
    `:root{color-scheme:${theme.mode};--color-primary:${theme.primary};` +
    `--color-on-primary:${theme.onPrimary};--color-accent:${theme.accent};` +
    `--color-bg:${theme.background};--color-surface:${theme.surface};` +
    `--color-text:${theme.text};--color-muted:${theme.mutedText}}`
  );
}

/** A brand's page: its HTML and the Content-Security-Policy that lets its inline parts run. */
export type BrandPage = { html: string; csp: CspDirectives };

/** The manifest Vite writes (dist/.vite/manifest.json): only the fields read here. */
type ViteManifest = Record<string, { file: string; imports?: string[] }>;

/**
 * The built files of each language pack of the web app (one module per language,
 * apps/web/src/app/locales/<language>.ts) and what they import, by language, from the build's
 * manifest: the page preloads its brand's pack with the entry, so the first render waits for
 * no round trip of its own. Empty when the build has no manifest.
 */
export function languagePackFiles(manifest: ViteManifest): Map<string, string[]> {
  const packs = new Map<string, string[]>();
  for (const key of Object.keys(manifest)) {
    const match = /^src\/app\/locales\/([A-Za-z-]+)\.ts$/.exec(key);
    if (!match?.[1]) continue;
    const files: string[] = [];
    const visit = (chunkKey: string) => {
      const chunk = manifest[chunkKey];
      if (!chunk || files.includes(chunk.file)) return;
      files.push(chunk.file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit(key);
    packs.set(match[1], files);
  }
  return packs;
}

function readManifest(distDir: string): ViteManifest {
  const path = join(distDir, '.vite', 'manifest.json');
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as ViteManifest) : {};
}

/** Origins of every statistics script the brand may load on any of its hosts. */
export function statisticsOrigins(config: BrandPublicConfig): string[] {
  const { byHost, default: fallback } = config.statistics;
  const origins = [...Object.values(byHost).flat(), ...fallback].map(
    (script) => new URL(script.url).origin,
  );
  return [...new Set(origins)].sort();
}

/**
 * index.html for one brand: its language on <html>, its title, theme colour and CSS variables,
 * and its public config as a global, so one build serves every brand with no extra round trip,
 * and a preload of the built files in `preloads` (its language pack). The inline style and
 * script are allowed by their hashes in the page's policy, with the brand's statistics hosts.
 */
export function renderBrandPage(
  template: string,
  config: BrandPublicConfig,
  production: boolean,
  preloads: readonly string[] = [],
): BrandPage {
  if (!template.includes(BRAND_HEAD_PLACEHOLDER)) {
    throw new Error(`index.html lacks the ${BRAND_HEAD_PLACEHOLDER} placeholder`);
  }
  const style = themeCss(config);
  const script = `window.${BRAND_CONFIG_GLOBAL}=${scriptSafeJson(config)}`;
  const head =
    `<title>${escapeHtml(config.siteName)}</title>` +
    `<meta name="description" content="${escapeHtml(config.tagline)}">` +
    `<meta name="theme-color" content="${config.theme.background}">` +
    `<style id="brand-theme">${style}</style>` +
    `<script>${script}</script>` +
    preloads
      .map((file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}">`)
      .join('');
  const html = template
    .replace(/<html([^>]*?)\slang="[^"]*"/, `<html$1 lang="${config.language}"`)
    .replace(/<title>[^<]*<\/title>/, '')
    .replace(BRAND_HEAD_PLACEHOLDER, head);
  return {
    html,
    csp: pageDirectives(production, {
      inlineScripts: [script],
      inlineStyles: [style],
      statisticsOrigins: statisticsOrigins(config),
    }),
  };
}

/** The HTML of `renderBrandPage`. */
export function renderIndexHtml(template: string, config: BrandPublicConfig): string {
  return renderBrandPage(template, config, true).html;
}

/**
 * A page with its first screen's data (`FIRST_SCREEN_ELEMENT_ID`) at the end of its head: a
 * JSON block, not a script, so it runs nothing and needs nothing of the page's policy.
 */
export function withFirstScreen(page: BrandPage, data: unknown): BrandPage {
  const block = `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">${scriptSafeJson(data)}</script>`;
  return { ...page, html: page.html.replace('</head>', `${block}</head>`) };
}

/** Pages with first-screen data a node keeps per brand (the data changes seldom). */
const FIRST_SCREEN_PAGES_PER_BRAND = 8;

/** Encodings of a page, in the order this server prefers them. */
const PAGE_ENCODINGS = ['br', 'gzip'] as const;
type PageEncoding = (typeof PAGE_ENCODINGS)[number];

/**
 * The encoding to send of those the client accepts (Accept-Encoding, with its q-values), brotli
 * before gzip; null for none.
 */
export function pickEncoding(acceptEncoding: string | undefined): PageEncoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    accepted.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (encoding: string) => accepted.get(encoding) ?? accepted.get('*') ?? 0;
  let best: PageEncoding | null = null;
  for (const encoding of PAGE_ENCODINGS) {
    if (weightOf(encoding) > 0 && (best === null || weightOf(encoding) > weightOf(best))) {
      best = encoding;
    }
  }
  return best;
}

/** A rendered page with its policy header and compressed forms, made once per brand. */
type CachedPage = BrandPage & { policy: string; encoded: Record<PageEncoding, Buffer> };

function cachePage(page: BrandPage): CachedPage {
  const raw = Buffer.from(page.html, 'utf8');
  return {
    ...page,
    policy: contentSecurityPolicy(page.csp),
    encoded: {
      br: brotliCompressSync(raw, {
        params: {
          [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
          [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength,
        },
      }),
      gzip: gzipSync(raw, { level: 9 }),
    },
  };
}

/**
 * Serves the built web app: hashed assets with a long cache life, every other file revalidated,
 * and index.html per brand for the page routes (200) or any other page path (404, the app shows
 * its not-found screen). Files go out in the brotli or gzip form the build made beside them
 * (scripts/compress-assets.ts) when the client takes it; each brand's page is compressed once.
 */
export const webPlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      distDir: string;
      production: boolean;
      /**
       * The data of the page's first screen, or null for none: a home page carries its
       * banners, so its largest paint waits for no call (FIRST_SCREEN_ELEMENT_ID).
       */
      firstScreen?: (request: FastifyRequest, pathname: string) => Promise<unknown>;
    },
  ) => {
    const indexPath = join(options.distDir, 'index.html');
    if (!existsSync(indexPath)) {
      throw new Error(`web app not built: ${indexPath} is missing (run npm run build)`);
    }
    const template = readFileSync(indexPath, 'utf8');
    const languagePacks = languagePackFiles(readManifest(options.distDir));
    const rendered = new WeakMap<Brand, CachedPage>();
    /** Per brand, its page with first-screen data, by the data's JSON (a few at most). */
    const withData = new WeakMap<Brand, Map<string, CachedPage>>();

    await app.register(fastifyStatic, {
      root: options.distDir,
      // Each built file gets its own route; unknown paths fall through to the not-found handler.
      wildcard: false,
      index: false,
      allowedPath: (pathName) => pathName !== '/index.html',
      // `x.js.br` and `x.js.gz` are served for `x.js`, never under their own names.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      cacheControl: false,
      setHeaders(reply, filePath) {
        reply.header(
          'cache-control',
          filePath.includes(`${join(options.distDir, 'assets')}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });

    function brandPage(brand: Brand): CachedPage {
      let page = rendered.get(brand);
      if (page === undefined) {
        const { config } = brand;
        page = cachePage(
          renderBrandPage(
            template,
            config,
            options.production,
            languagePacks.get(config.language) ?? [],
          ),
        );
        rendered.set(brand, page);
      }
      return page;
    }

    function pageWithData(brand: Brand, data: unknown): CachedPage {
      const key = JSON.stringify(data);
      let pages = withData.get(brand);
      if (pages === undefined) {
        pages = new Map();
        withData.set(brand, pages);
      }
      let page = pages.get(key);
      if (page === undefined) {
        page = cachePage(withFirstScreen(brandPage(brand), data));
        if (pages.size >= FIRST_SCREEN_PAGES_PER_BRAND) {
          const oldest = pages.keys().next();
          if (!oldest.done) pages.delete(oldest.value);
        }
        pages.set(key, page);
      }
      return page;
    }

    app.decorate(
      'serveWebPage',
      async function serveWebPage(request: FastifyRequest, reply: FastifyReply) {
        const pathname = request.url.split('?')[0] ?? '/';
        const data = options.firstScreen ? await options.firstScreen(request, pathname) : null;
        const page =
          data === null || data === undefined
            ? brandPage(request.brand)
            : pageWithData(request.brand, data);
        reply.header('content-security-policy', page.policy);
        reply
          .code(matchesPageRoute(pathname) ? 200 : 404)
          .header('cache-control', 'no-cache')
          .header('vary', 'accept-encoding')
          .type('text/html; charset=utf-8');
        const encoding = pickEncoding(request.headers['accept-encoding']);
        if (encoding === null) return reply.send(page.html);
        return reply.header('content-encoding', encoding).send(page.encoded[encoding]);
      },
    );
  },
  { name: 'web', dependencies: ['request-context', 'security-headers'] },
);
