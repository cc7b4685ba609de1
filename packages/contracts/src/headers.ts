/** Request headers of the browser contract (SPEC.md section 7, DESIGN.md section 5). */
export const REQUEST_HEADERS = {
  /** Client type; the web client sends 24. */
  clientType: 'd',
  lang: 'lang',
  deviceNo: 'device_no',
  /** Session token. */
  token: 't',
  /** Brand override, by brand code. */
  siteCode: 'site_code',
  responseType: 'responsetype',
} as const;

/** Response headers that rotate the client's stored values. */
export const RESPONSE_HEADERS = {
  /** A new session token: replaces the stored `t`. */
  token: 'id',
  vid: 'vid',
  requestId: 'x-request-id',
} as const;

/** Value of the `d` header sent by the web client. */
export const WEB_CLIENT_TYPE = '24';
