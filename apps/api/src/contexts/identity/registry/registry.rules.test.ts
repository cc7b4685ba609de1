import { describe, expect, it } from 'vitest';
import { identifierHash, identifiersOf, normalise } from './registry.rules.ts';

const KEY = Buffer.from('registry-test-key');

describe('registry identifiers', () => {
  it('normalise so the same person writes the same key on every brand', () => {
    expect(normalise({ kind: 'phone', value: '+86 139-1234 5678' })).toBe('8613912345678');
    expect(normalise({ kind: 'email', value: ' Ming.Li@Example.COM ' })).toBe(
      'ming.li@example.com',
    );
    expect(normalise({ kind: 'name_dob', value: '李 明|1990-02-03' })).toBe('李明|1990-02-03');
    expect(normalise({ kind: 'name_dob', value: 'Ｌｉ Ming|1990-02-03' })).toBe(
      'liming|1990-02-03',
    );
    expect(normalise({ kind: 'id_number', value: '11010519491231002x' })).toBe(
      '11010519491231002X',
    );
    expect(normalise({ kind: 'phone', value: '123' })).toBeNull();
    expect(normalise({ kind: 'name_dob', value: '李明' })).toBeNull();
  });

  it('hash with the key: never the identifier, the same for the same person', () => {
    const a = identifierHash(KEY, { kind: 'phone', value: '86 13912345678' });
    const b = identifierHash(KEY, { kind: 'phone', value: '+8613912345678' });
    expect(a).toBe(b);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).not.toContain('13912345678');
    expect(
      identifierHash(Buffer.from('other'), { kind: 'phone', value: '8613912345678' }),
    ).not.toBe(a);
    // The kind is part of the key: the same digits as an ID number are another identifier.
    expect(identifierHash(KEY, { kind: 'id_number', value: '8613912345678' })).not.toBe(a);
  });

  it("takes a member's phone, e-mail and name with birth date when they have them", () => {
    expect(
      identifiersOf({
        phoneAreaCode: '86',
        phone: '13912345678',
        email: 'a@b.co',
        realName: '李明',
        dateOfBirth: '1990-02-03',
      }).map((identifier) => identifier.kind),
    ).toEqual(['phone', 'email', 'name_dob']);
    expect(identifiersOf({ realName: '李明' })).toEqual([]);
  });
});
