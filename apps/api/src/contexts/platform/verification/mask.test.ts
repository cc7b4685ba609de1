import { describe, expect, it } from 'vitest';
import { maskEmail, maskPhone } from './mask.ts';

describe('maskPhone', () => {
  it('keeps the first three and last four digits of a mainland number', () => {
    expect(maskPhone('86', '13812345678')).toBe('+86 138****5678');
  });

  it('keeps two and two of shorter numbers', () => {
    expect(maskPhone('852', '91234567')).toBe('+852 91****67');
    expect(maskPhone('65', '8123456')).toBe('+65 81***56');
    expect(maskPhone('1', '2025550123')).toBe('+1 20******23');
  });

  it('never shows most of a very short number', () => {
    expect(maskPhone('853', '12345')).toBe('+853 1***5');
    expect(maskPhone('853', '12')).toBe('+853 **');
  });
});

describe('maskEmail', () => {
  it('keeps two characters of the name and the domain', () => {
    expect(maskEmail('abcdef@example.com')).toBe('ab***@example.com');
    expect(maskEmail('ABcdef@Example.COM')).toBe('ab***@example.com');
  });

  it('keeps one character of a short name', () => {
    expect(maskEmail('ab@example.com')).toBe('a***@example.com');
    expect(maskEmail('a@example.com')).toBe('a***@example.com');
  });
});
