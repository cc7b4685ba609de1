/**
 * Names the browser needs before anything else loads. This module imports no zod, so the code
 * that /home loads first can use it without pulling in the schemas.
 */

/** Name of the global that carries the brand config in the served index.html. */
export const BRAND_CONFIG_GLOBAL = '__LOBBY_BRAND__';

/**
 * Id of the JSON block (`<script type="application/json">`) in which the served page of a home
 * path carries its first screen's data, so the first render needs no call for it:
 * `{ "topCover": <the promo/topCover answer in the brand's language> }`.
 */
export const FIRST_SCREEN_ELEMENT_ID = 'lobby-first-screen';

/** The home screens (desktop and phone): the pages that carry the first screen's data. */
export const HOME_PATHS = ['/home', '/app/home'] as const;

export const SITE_CONFIG_PATH = '/api/f/v1/site/config';
export const SITE_STATISTICS_PATH = '/api/f/v1/site/statistics';
/** Where the browser reports its uncaught errors (see telemetry.ts). */
export const CLIENT_ERRORS_PATH = '/api/f/v1/client/errors';

/** Member endpoints the shell calls before any screen loads. */
export const MEMBER_INFO_PATH = '/api/findmed/v1/member/token';
export const LOGOUT_PATH = '/api/findmed/v1/member/logout';
