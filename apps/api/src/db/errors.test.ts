import { describe, expect, it } from 'vitest';
import { uniqueViolation } from './errors.ts';

describe('uniqueViolation', () => {
  it('names the index of a unique violation, wrapped or not', () => {
    const driver = { code: '23505', constraint: 'members_username' };
    expect(uniqueViolation(driver)).toBe('members_username');
    expect(uniqueViolation({ message: 'Failed query', cause: driver })).toBe('members_username');
    expect(uniqueViolation({ cause: { cause: { code: '23505' } } })).toBe('');
  });

  it('is null for any other error', () => {
    expect(uniqueViolation({ code: '23503', constraint: 'fk' })).toBeNull();
    expect(uniqueViolation(new Error('boom'))).toBeNull();
    expect(uniqueViolation(null)).toBeNull();
  });
});
