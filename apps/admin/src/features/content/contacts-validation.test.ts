import { describe, expect, it } from 'vitest';
import { adminSetBrandContactsEndpoint } from '@lobby/contracts';
import { issuesToFields } from './contacts-validation.ts';

const entry = (fields: Record<string, unknown> = {}) => ({
  deviceText: 'Service',
  deviceNum: '@service',
  imageUrl: '',
  action: 1,
  ...fields,
});

function check(body: unknown) {
  const result = adminSetBrandContactsEndpoint.body.safeParse(body);
  return result.success ? null : issuesToFields(result.error.issues);
}

describe('contact list checks with the API schema', () => {
  it('accepts a good list', () => {
    expect(check({ contacts: [entry(), entry({ deviceNum: '@other' })] })).toBeNull();
  });

  it('puts each entry problem on its field', () => {
    const problems = check({
      contacts: [
        entry({ deviceText: '  ' }),
        entry({ deviceNum: 'x'.repeat(129) }),
        entry({ imageUrl: 'javascript:alert(1)' }),
        entry({ action: 3 }),
      ],
    });
    expect(problems?.fields).toEqual([
      { name: ['contacts', 0, 'deviceText'], rule: 'required' },
      { name: ['contacts', 1, 'deviceNum'], rule: 'tooLong' },
      { name: ['contacts', 2, 'imageUrl'], rule: 'imageUrl' },
      { name: ['contacts', 3, 'action'], rule: 'action' },
    ]);
    expect(problems?.general).toEqual([]);
  });

  it('names problems of the whole list: duplicates and too many', () => {
    expect(check({ contacts: [entry(), entry()] })?.general).toEqual(['duplicate']);
    const many = Array.from({ length: 11 }, (_, index) => entry({ deviceNum: `@s${index}` }));
    expect(check({ contacts: many })?.general).toEqual(['tooMany']);
  });
});
