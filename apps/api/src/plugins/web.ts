import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { BRAND_CONFIG_GLOBAL, matchesPageRoute, type BrandPublicConfig } from '@lobby/contracts';
import type { Brand } from '../contexts/platform/brand/index.ts';
import { pageDirectives, type CspDirectives } from './security-headers.ts';

/** Where the web app's index.html takes the brand's head elements. */
export const BRAND_HEAD_PLACEHOLDER = '<!--lobby:brand-head-->';

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers a page path with the web app, injected with the request's brand. */
    serveWebPage(request: FastifyRequest, reply: FastifyReply): FastifyReply;
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
 * and its public config as a global, so one build serves every brand with no extra round trip.
 * The inline style and script are allowed by their hashes in the page's policy, with the
 * brand's statistics hosts.
 */
export function renderBrandPage(
  template: string,
  config: BrandPublicConfig,
  production: boolean,
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
    `<script>${script}</script>`;
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
 * Serves the built web app: hashed assets with a long cache life, every other file revalidated,
 * and index.html per brand for the page routes (200) or any other page path (404, the app shows
 * its not-found screen).
 */
export const webPlugin = fp(
  async (app: FastifyInstance, options: { distDir: string; production: boolean }) => {
    const indexPath = join(options.distDir, 'index.html');
    if (!existsSync(indexPath)) {
      throw new Error(`web app not built: ${indexPath} is missing (run npm run build)`);
    }
    const template = readFileSync(indexPath, 'utf8');
    const rendered = new WeakMap<Brand, BrandPage>();

    await app.register(fastifyStatic, {
      root: options.distDir,
      // Each built file gets its own route; unknown paths fall through to the not-found handler.
      wildcard: false,
      index: false,
      allowedPath: (pathName) => pathName !== '/index.html',
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

    app.decorate(
      'serveWebPage',
      function serveWebPage(request: FastifyRequest, reply: FastifyReply) {
        let page = rendered.get(request.brand);
        if (page === undefined) {
          page = renderBrandPage(template, request.brand.config, options.production);
          rendered.set(request.brand, page);
        }
        reply.helmet({ contentSecurityPolicy: { useDefaults: false, directives: page.csp } });
        const pathname = request.url.split('?')[0] ?? '/';
        return reply
          .code(matchesPageRoute(pathname) ? 200 : 404)
          .header('cache-control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(page.html);
      },
    );
  },
  { name: 'web', dependencies: ['request-context', 'security-headers'] },
);
