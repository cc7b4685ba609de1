import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** Content-Security-Policy directives, as helmet takes them. */
export type CspDirectives = Record<string, string[]>;

/** What a page may load beyond its own origin. */
export type PageSources = {
  /** Inline scripts and styles of the page, allowed by their hash. */
  inlineScripts?: readonly string[];
  inlineStyles?: readonly string[];
  /** Origins of the brand's statistics scripts: they load scripts and send beacons. */
  statisticsOrigins?: readonly string[];
};

/** The CSP source of an inline element's exact text. */
export function hashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The policy of every answer, and of the site's pages with what the page adds. Scripts only
 * from this origin (and the brand's statistics hosts), inline only by hash; no plugins; nobody
 * else may frame the site, while the site may frame its own customer-service page and the game
 * platforms' pages, and reach their servers (https, and http outside production for a local
 * simulator).
 */
export function pageDirectives(production: boolean, sources: PageSources = {}): CspDirectives {
  const statistics = sources.statisticsOrigins ?? [];
  const games = production ? ['https:'] : ['https:', 'http:'];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(sources.inlineScripts ?? []).map(hashSource), ...statistics],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", ...(sources.inlineStyles ?? []).map(hashSource)],
    // Brand images, promotion banners and avatars may live on other hosts.
    'img-src': ["'self'", 'data:', 'blob:', 'https:', ...(production ? [] : ['http:'])],
    'font-src': ["'self'", 'data:'],
    // The game screen asks a game server's origin whether it answers before framing it.
    'connect-src': ["'self'", ...statistics, ...games],
    'frame-src': ["'self'", ...games],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
  };
}

/** HSTS for a year, sent only on answers to requests that came over TLS. */
const HSTS = 'max-age=31536000; includeSubDomains';

/** Header names and values, lower-case names. */
type HeaderList = readonly (readonly [string, string])[];

/**
 * The headers helmet sets for `options`, worked out once. helmet builds its middleware from
 * the options (parsing every CSP directive); @fastify/helmet did that again on every request,
 * about 3 % of a seamless callback's CPU and more of a heartbeat's. Our options hold no
 * per-request values (the admin page's nonce is made per page, rarely), so the headers are
 * the same for every answer they apply to.
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): HeaderList {
  const headers = new Map<string, string>();
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    // helmet 8 throws its errors itself; an older one passed them here.
    if (error) throw error instanceof Error ? error : new Error('helmet refused its options');
  });
  return [...headers];
}

/** The Content-Security-Policy header of `directives`, as helmet writes it. */
export function contentSecurityPolicy(directives: CspDirectives): string {
  const header = helmetHeaders({ contentSecurityPolicy: { useDefaults: false, directives } }).find(
    ([name]) => name === 'content-security-policy',
  );
  if (!header) throw new Error('helmet wrote no content-security-policy');
  return header[1];
}

/**
 * Security headers of every answer, from helmet: the CSP above, nosniff, frames from this
 * origin only, the referrer kept to the origin across sites. HSTS and the window's isolation
 * from cross-origin openers (COOP) only when the request came over TLS, directly or through a
 * trusted proxy (TRUST_PROXY_HOPS), so a plain-HTTP development site is never pinned to HTTPS
 * and browsers have no header to ignore. Pages override the CSP with their own hashes
 * (plugins/web.ts, `contentSecurityPolicy`).
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: { production: boolean }) => {
    const headers = Object.fromEntries(
      helmetHeaders({
        contentSecurityPolicy: {
          useDefaults: false,
          directives: pageDirectives(options.production),
        },
        strictTransportSecurity: false,
        referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
        // Same site: a game platform's page on another port of this host may show our images.
        crossOriginResourcePolicy: { policy: 'same-site' },
        xFrameOptions: { action: 'sameorigin' },
        // Browsers ignore it, with a warning, on a plain-HTTP origin: sent with HSTS below.
        crossOriginOpenerPolicy: false,
      }),
    );
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(headers);
      if (request.protocol === 'https') {
        reply.header('strict-transport-security', HSTS);
        reply.header('cross-origin-opener-policy', 'same-origin');
      }
      done();
    });
  },
  { name: 'security-headers' },
);
