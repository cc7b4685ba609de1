import { describe, expect, it } from 'vitest';
import { giveStylesNonce, readCspNonce } from './csp-nonce.ts';

function page(meta: string): Document {
  const doc = document.implementation.createHTMLDocument('console');
  doc.head.innerHTML = meta;
  return doc;
}

describe('the page nonce', () => {
  it('is read off the csp-nonce meta, and is absent when the server rendered none', () => {
    expect(readCspNonce(page('<meta name="csp-nonce" nonce="abc123==">'))).toBe('abc123==');
    // Vite's dev server serves the template as it is.
    expect(readCspNonce(page('<meta name="csp-nonce" nonce="__LOBBY_CSP_NONCE__">'))).toBe(
      undefined,
    );
    expect(readCspNonce(page(''))).toBe(undefined);
  });

  it('goes on every <style> the page creates, and on nothing else', () => {
    const doc = page('');
    giveStylesNonce('n0nce', doc);
    expect(doc.createElement('style').nonce).toBe('n0nce');
    expect(doc.createElement('div').nonce ?? '').toBe('');
    const untouched = page('');
    giveStylesNonce(undefined, untouched);
    expect(untouched.createElement('style').nonce ?? '').toBe('');
  });
});
