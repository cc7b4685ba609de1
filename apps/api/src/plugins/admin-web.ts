import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { commonError } from '../lib/app-error.ts';
import { isApiPath } from './paths.ts';
import { contentSecurityPolicy, pageDirectives, type CspDirectives } from './security-headers.ts';

/** Where the console's index.html takes this answer's nonce (apps/admin/index.html). */
export const ADMIN_NONCE_PLACEHOLDER = '__LOBBY_CSP_NONCE__';

/** The console's pages and files: everything under /admin/ but its API. */
export const ADMIN_PREFIX = '/admin/';

/**
 * The policy of a console page: the site's (scripts from this origin only), with the styles
 * antd writes at run time allowed by this answer's nonce rather than 'unsafe-inline', nothing
 * framed and no other site allowed to frame the console (decision 0014).
 */
export function adminPageDirectives(production: boolean, nonce: string): CspDirectives {
  return {
    ...pageDirectives(production),
    'style-src': ["'self'", `'nonce-${nonce}'`],
    'connect-src': ["'self'"],
    'frame-src': ["'none'"],
    'worker-src': ["'none'"],
    'frame-ancestors': ["'none'"],
  };
}

/** A fresh nonce per answer: 128 random bits, as CSP asks. */
export function createNonce(): string {
  return randomBytes(16).toString('base64');
}

/** index.html with the answer's nonce; the template must have the placeholder. */
export function renderAdminPage(template: string, nonce: string): string {
  if (!template.includes(ADMIN_NONCE_PLACEHOLDER)) {
    throw new Error(`admin index.html lacks the ${ADMIN_NONCE_PLACEHOLDER} placeholder`);
  }
  return template.replaceAll(ADMIN_NONCE_PLACEHOLDER, nonce);
}

/** True for a path that names a file (an extension on its last segment) or the assets folder. */
function isFilePath(pathname: string): boolean {
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return pathname.startsWith(`${ADMIN_PREFIX}assets/`) || /\.[A-Za-z0-9]+$/.test(last);
}

/**
 * Serves the operator console (apps/admin/dist) under /admin/ on every host, apart from the
 * member site: no brand in it, its own policy, and no cache of the page. Hashed assets are
 * cached for a year; `/admin`, `/admin/` and every other path under /admin/ that names no file
 * answer index.html (the console routes in the browser). `/admin/api/...` stays the API's:
 * an unknown API path answers the JSON not_found, as does a missing file.
 */
export const adminWebPlugin = fp(
  async (app: FastifyInstance, options: { distDir: string; production: boolean }) => {
    const indexPath = join(options.distDir, 'index.html');
    if (!existsSync(indexPath)) {
      throw new Error(`admin console not built: ${indexPath} is missing (run npm run build)`);
    }
    const template = readFileSync(indexPath, 'utf8');
    renderAdminPage(template, 'check');

    // Vite puts every built file but index.html in assets/, named by its content's hash.
    await app.register(fastifyStatic, {
      root: join(options.distDir, 'assets'),
      prefix: `${ADMIN_PREFIX}assets/`,
      // Each built file gets its own route; other paths reach the page route below.
      wildcard: false,
      index: false,
      // The member site's static plugin decorates the reply already.
      decorateReply: false,
      // The brotli and gzip forms the build made beside each file (scripts/compress-assets.ts)
      // are served for it, never under their own names.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      cacheControl: false,
      setHeaders(reply) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });

    function servePage(request: FastifyRequest, reply: FastifyReply) {
      const pathname = request.url.split('?')[0] ?? '';
      if (isApiPath(pathname) || isFilePath(pathname)) throw commonError('not_found');
      const nonce = createNonce();
      reply
        .header(
          'content-security-policy',
          contentSecurityPolicy(adminPageDirectives(options.production, nonce)),
        )
        .header('x-frame-options', 'DENY');
      return reply
        .code(200)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(renderAdminPage(template, nonce));
    }

    const page = { schema: { hide: true } };
    app.get('/admin', page, servePage);
    app.get(ADMIN_PREFIX, page, servePage);
    app.get(`${ADMIN_PREFIX}*`, page, servePage);
  },
  { name: 'admin-web', dependencies: ['errors', 'security-headers'] },
);
