import { describe, expect, it } from 'vitest';
import { ADMIN_LANGUAGES, type Messages } from '../lib/messages.ts';
import { allNamespaces, createAdminI18n } from './i18n.ts';

function keysOf(messages: Messages, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

function textsOf(messages: Messages): string[] {
  return Object.values(messages).flatMap((value) =>
    typeof value === 'string' ? [value] : textsOf(value),
  );
}

describe('the console texts', () => {
  const namespaces = allNamespaces();

  it('have every key in every language, none empty', () => {
    for (const [name, messages] of Object.entries(namespaces)) {
      const reference = keysOf(messages['zh-CN']).sort();
      expect(reference.length, name).toBeGreaterThan(0);
      for (const language of ADMIN_LANGUAGES) {
        expect(keysOf(messages[language] as Messages).sort(), `${name} ${language}`).toEqual(
          reference,
        );
        for (const text of textsOf(messages[language] as Messages)) {
          expect(text.trim(), `${name} ${language}`).not.toBe('');
        }
      }
    }
  });

  it('use the same placeholders in every language', () => {
    for (const [name, messages] of Object.entries(namespaces)) {
      const zh = messages['zh-CN'];
      for (const key of keysOf(zh)) {
        const get = (tree: Messages) =>
          String(key.split('.').reduce<unknown>((node, part) => (node as Messages)[part], tree));
        const placeholders = (text: string) =>
          [...text.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();
        expect(placeholders(get(messages.en as Messages)), `${name}:${key}`).toEqual(
          placeholders(get(zh)),
        );
      }
    }
  });

  it('show nothing, never the key, for a text that is missing', () => {
    const i18n = createAdminI18n('en');
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      expect(i18n.t('app:noSuchKey')).toBe('');
    } finally {
      console.error = original;
    }
    expect(errors).toHaveLength(1);
    expect(i18n.t('common:search')).toBe('Search');
    expect(i18n.t('operators:menu', { lng: 'zh-CN' })).toBe('运营人员');
  });
});
