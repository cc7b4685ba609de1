import { describe, expect, it } from 'vitest';
import { errorMessage, flattenKeys, NAMESPACES, resources } from './index.ts';

describe('locales', () => {
  it.each(NAMESPACES)('namespace %s has the same keys in zh-CN, zh-TW and en', (namespace) => {
    const reference = flattenKeys(resources['zh-CN'][namespace]).sort();
    expect(flattenKeys(resources['zh-TW'][namespace]).sort()).toEqual(reference);
    expect(flattenKeys(resources.en[namespace]).sort()).toEqual(reference);
  });

  it('has no empty texts', () => {
    for (const language of ['zh-CN', 'zh-TW', 'en'] as const) {
      for (const namespace of NAMESPACES) {
        const walk = (value: unknown, path: string): void => {
          if (typeof value === 'string') {
            expect(value.trim(), `${language}:${namespace}:${path}`).not.toBe('');
          } else if (value && typeof value === 'object') {
            for (const [key, child] of Object.entries(value)) walk(child, `${path}.${key}`);
          }
        };
        walk(resources[language][namespace], '');
      }
    }
  });
});

describe('errorMessage', () => {
  it('gives the text of a code in each language', () => {
    expect(errorMessage('token', 'zh-CN')).toBe('登录已失效，请重新登录');
    expect(errorMessage('token', 'zh-TW')).toBe('登入已失效，請重新登入');
    expect(errorMessage('token', 'en')).toBe('Your session has ended. Please log in again.');
  });

  it('reads an unknown code as the generic failure, never as the raw key', () => {
    expect(errorMessage('no_such_code', 'en')).toBe(errorMessage('internal', 'en'));
  });
});
