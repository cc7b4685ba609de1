import { describe, expect, it } from 'vitest';
import { definedErrorCodes, LANGUAGES } from '@lobby/contracts';
import { errorMessage } from '@lobby/i18n';
// Loads every module, and with them every table of error codes.
import '../app.ts';
import { SEAMLESS_ERRORS } from '../contexts/games/seamless/seamless.errors.ts';

/** The seamless wallet's refusals are read by game platforms, not people: no texts. */
const PROTOCOL_ONLY = new Set(Object.keys(SEAMLESS_ERRORS));

describe('error texts', () => {
  it('gives every error code of every module a text of its own in each language', () => {
    const codes = definedErrorCodes().filter(
      (code) => !PROTOCOL_ONLY.has(code) || code === 'insufficient_funds',
    );
    expect(codes.length).toBeGreaterThan(150);
    const missing: string[] = [];
    for (const language of LANGUAGES) {
      const generic = errorMessage('internal', language);
      for (const code of codes) {
        if (code !== 'internal' && errorMessage(code, language) === generic) {
          missing.push(`${language} ${code}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
