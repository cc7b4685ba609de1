import { describe, expect, it } from 'vitest';
import { PASSWORD_RULE, USERNAME_RULE } from '@lobby/contracts';
import {
  acceptedProblem,
  captchaProblem,
  confirmationProblem,
  emailProblem,
  inviteCodeProblem,
  loginNameProblem,
  passwordProblem,
  phoneProblem,
  presentPasswordProblem,
  realNameProblem,
  usernameProblem,
  verificationCodeProblem,
  withdrawPasswordProblem,
} from './member-rules.ts';

const codeOf = (problem: { code: string } | null) => problem?.code ?? null;

describe('usernameProblem', () => {
  it('accepts 4 to 16 letters or digits starting with a letter', () => {
    for (const name of ['abcd', 'a123', 'Player2026', 'a'.repeat(USERNAME_RULE.maxLength)]) {
      expect(usernameProblem(name), name).toBeNull();
    }
  });

  it('refuses short, long, digit-first and symbol names, live and with the bounds', () => {
    for (const name of ['abc', 'a'.repeat(17), '1abc', 'ab_cd', 'ab cd', '张三李四']) {
      expect(usernameProblem(name), name).toEqual({
        code: 'username',
        values: { min: 4, max: 16 },
        live: true,
      });
    }
  });

  it('asks for a value, but only once the field is left', () => {
    expect(usernameProblem('')).toEqual({ code: 'required', live: false });
  });
});

describe('login fields', () => {
  it('only require a value, so older names and passwords still log in', () => {
    expect(loginNameProblem('x')).toBeNull();
    expect(loginNameProblem('  ')).toEqual({ code: 'required', live: false });
    expect(presentPasswordProblem('short')).toBeNull();
    expect(codeOf(presentPasswordProblem(''))).toBe('required');
    expect(captchaProblem('ab12')).toBeNull();
    expect(codeOf(captchaProblem(' '))).toBe('required');
  });
});

describe('passwordProblem', () => {
  it('accepts 8 to 32 printable characters with a letter and a digit', () => {
    for (const password of [
      'abcd1234',
      'P@ssw0rd!',
      `a1${'x'.repeat(PASSWORD_RULE.maxLength - 2)}`,
    ]) {
      expect(passwordProblem(password), password).toBeNull();
    }
  });

  it('refuses short, long, letter-only, digit-only and spaced passwords', () => {
    for (const password of ['abc123', 'abcdefgh', '12345678', 'abcd 1234', `a1${'x'.repeat(31)}`]) {
      expect(passwordProblem(password), password).toMatchObject({
        code: 'password',
        values: { min: 8, max: 32 },
        live: true,
      });
    }
  });
});

describe('confirmationProblem', () => {
  it('accepts the same password', () => {
    expect(confirmationProblem('abcd1234', 'abcd1234')).toBeNull();
  });

  it('waits while the repeat is still the start of the password, and speaks up once it is not', () => {
    expect(confirmationProblem('abcd', 'abcd1234')).toEqual({ code: 'mismatch', live: false });
    expect(confirmationProblem('abce', 'abcd1234')).toEqual({ code: 'mismatch', live: true });
    expect(confirmationProblem('abcd12345', 'abcd1234')).toEqual({ code: 'mismatch', live: true });
    expect(codeOf(confirmationProblem('', 'abcd1234'))).toBe('required');
  });
});

describe('six-digit fields', () => {
  it('take exactly six digits for the withdrawal password and codes', () => {
    expect(withdrawPasswordProblem('123456')).toBeNull();
    expect(verificationCodeProblem('000123')).toBeNull();
    expect(withdrawPasswordProblem('12345')).toEqual({
      code: 'withdrawPassword',
      values: { length: 6 },
      live: false,
    });
    expect(verificationCodeProblem('12a')).toEqual({
      code: 'verificationCode',
      values: { length: 6 },
      live: true,
    });
    expect(withdrawPasswordProblem('1234567')?.live).toBe(true);
  });
});

describe('contact fields', () => {
  it('check phone numbers as digits, optional when the brand says so', () => {
    expect(phoneProblem('13800138000')).toBeNull();
    expect(phoneProblem('138-0013')).toEqual({ code: 'phone', live: true });
    expect(phoneProblem('1234')).toEqual({ code: 'phone', live: false });
    expect(codeOf(phoneProblem(''))).toBe('required');
    expect(phoneProblem('', { optional: true })).toBeNull();
  });

  it('check e-mail addresses once finished', () => {
    expect(emailProblem('member@example.com')).toBeNull();
    expect(emailProblem('member@example')).toEqual({ code: 'email', live: false });
    expect(emailProblem('mem ber@example.com')).toEqual({ code: 'email', live: true });
    expect(emailProblem('', { optional: true })).toBeNull();
    expect(codeOf(emailProblem(`${'a'.repeat(250)}@b.cn`))).toBe('email');
  });

  it('check real names in Chinese or Latin letters', () => {
    expect(realNameProblem('张三')).toBeNull();
    expect(realNameProblem('Mary Ann')).toBeNull();
    expect(codeOf(realNameProblem('张'))).toBe('realName');
    expect(codeOf(realNameProblem('R2D2'))).toBe('realName');
    expect(realNameProblem('', { optional: true })).toBeNull();
  });

  it('check invite codes for shape only when given', () => {
    expect(inviteCodeProblem('')).toBeNull();
    expect(inviteCodeProblem('QK7A')).toBeNull();
    expect(inviteCodeProblem('QK7')).toEqual({ code: 'inviteCode', live: false });
    expect(inviteCodeProblem('QK-7')).toEqual({ code: 'inviteCode', live: true });
    expect(codeOf(inviteCodeProblem('', { optional: false }))).toBe('required');
  });

  it('require the terms to be accepted', () => {
    expect(acceptedProblem('1')).toBeNull();
    expect(acceptedProblem('')).toEqual({ code: 'terms', live: false });
  });
});
