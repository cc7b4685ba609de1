import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  DEFAULT_LANGUAGE,
  hasRefusedCharacter,
  normalizeLanguage,
  REQUEST_HEADERS,
  type Language,
} from '@lobby/contracts';
import type { Brand, BrandRegistry } from '../contexts/platform/brand/index.ts';
import { isProbePath } from './paths.ts';

/** The browser contract's request headers, read once per request. */
export type ClientHeaders = {
  /** `d`: client type (24 for the web), when it is a number. */
  clientType: number | null;
  /** `device_no`: the per-device id. */
  deviceNo: string | null;
  /** `t`: the session token, when present. */
  token: string | null;
  /** `site_code`: brand override. */
  siteCode: string | null;
  /** `responseType`: what the client expects back; recorded, the API always answers JSON. */
  responseType: string | null;
  /** `User-Agent`, recorded with sessions and error reports. */
  userAgent: string | null;
};

declare module 'fastify' {
  interface FastifyRequest {
    client: ClientHeaders;
    /** The language of texts in the answer: the `lang` header, else the brand's language. */
    language: Language;
    brand: Brand;
  }
}

const MAX_HEADER_LENGTH = 512;

function header(value: string | string[] | undefined): string | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined) return null;
  const trimmed = text.trim();
  // Over-long values, and values with control characters (the text rule of every request), are
  // treated as absent: nothing downstream should store or compare them.
  return trimmed === '' || trimmed.length > MAX_HEADER_LENGTH || hasRefusedCharacter(trimmed, false)
    ? null
    : trimmed;
}

/**
 * Reads the contract headers, resolves the request's brand (Host, or `site_code`) and its
 * language. Runs first, so that even a refused request answers in the right language.
 */
export const requestContextPlugin = fp(
  async (app: FastifyInstance, options: { brands: BrandRegistry }) => {
    app.decorateRequest('client', null as unknown as ClientHeaders);
    app.decorateRequest('language', DEFAULT_LANGUAGE);
    app.decorateRequest('brand', null as unknown as Brand);

    app.addHook('onRequest', async (request) => {
      const headers = request.headers;
      const clientType = header(headers[REQUEST_HEADERS.clientType]);
      request.client = {
        clientType: clientType !== null && /^\d{1,4}$/.test(clientType) ? Number(clientType) : null,
        deviceNo: header(headers[REQUEST_HEADERS.deviceNo]),
        token: header(headers[REQUEST_HEADERS.token]),
        siteCode: header(headers[REQUEST_HEADERS.siteCode]),
        responseType: header(headers[REQUEST_HEADERS.responseType]),
        userAgent: header(headers['user-agent']),
      };
      const requested = normalizeLanguage(header(headers[REQUEST_HEADERS.lang]));
      request.language = requested ?? DEFAULT_LANGUAGE;
      try {
        request.brand = options.brands.resolve(headers.host, request.client.siteCode ?? undefined);
      } catch (error) {
        // A probe needs no brand: a node on a database without any is still alive and ready.
        if (isProbePath(request.url)) return;
        throw error;
      }
      if (!requested) request.language = request.brand.config.language;
    });
  },
  { name: 'request-context' },
);
