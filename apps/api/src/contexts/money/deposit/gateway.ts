import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Signing of the sandbox payment gateway's notifications: HMAC-SHA256 with the merchant's
 * secret over the fields (all but `sign`) as `name=value` pairs sorted by name, joined by `&`.
 * It is how such gateways commonly sign, and both sides share this file.
 */
export type GatewayFields = Record<string, string>;

export function canonicalString(fields: GatewayFields): string {
  return Object.keys(fields)
    .filter((name) => name !== 'sign')
    .sort()
    .map((name) => `${name}=${fields[name] ?? ''}`)
    .join('&');
}

export function signGatewayFields(fields: GatewayFields, secret: string): string {
  return createHmac('sha256', secret).update(canonicalString(fields)).digest('hex');
}

/** Compares in constant time, so the answer's timing tells nothing about the right signature. */
export function verifyGatewaySignature(fields: GatewayFields, secret: string): boolean {
  const given = Buffer.from((fields.sign ?? '').toLowerCase(), 'utf8');
  const expected = Buffer.from(signGatewayFields(fields, secret), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function newGatewaySecret(): string {
  return randomBytes(32).toString('hex');
}
