import {
  INVITE_CODE_RULE,
  PASSWORD_RULE,
  PHONE_RULE,
  REAL_NAME_RULE,
  USERNAME_RULE,
  VERIFICATION_CODE_RULE,
  WITHDRAW_PASSWORD_RULE,
} from '@lobby/contracts';

/**
 * The member forms' field rules (register, login, forgotten password, personal page), checked
 * as the member types. The patterns are the contracts' own, the ones the server enforces, so
 * the browser never accepts what the server refuses for format.
 *
 * A rule answers with a problem or null. `code` names the text (`validation.<code>` in the web
 * texts, with `values` for its placeholders); `live` says whether to show it while the member
 * is still typing into the field, or only once the field is left or the form is submitted (an
 * e-mail address is "wrong" until it is finished, a letter in a digits-only field is not).
 */
export type FieldProblem = {
  code: string;
  values?: Record<string, string | number>;
  live: boolean;
};

export type FieldRule<Values> = (value: string, values: Values) => FieldProblem | null;

const required: FieldProblem = { code: 'required', live: false };
const hasNonDigit = (value: string): boolean => /\D/.test(value);

export function usernameProblem(value: string): FieldProblem | null {
  if (value === '') return required;
  if (USERNAME_RULE.pattern.test(value)) return null;
  return {
    code: 'username',
    values: { min: USERNAME_RULE.minLength, max: USERNAME_RULE.maxLength },
    live: true,
  };
}

/** Login: any non-empty name; the format is the server's business (old names may differ). */
export function loginNameProblem(value: string): FieldProblem | null {
  return value.trim() === '' ? required : null;
}

/** Login and "old password": required only, so a member whose password predates a rule can log in. */
export function presentPasswordProblem(value: string): FieldProblem | null {
  return value === '' ? required : null;
}

export function passwordProblem(value: string): FieldProblem | null {
  if (value === '') return required;
  if (PASSWORD_RULE.pattern.test(value)) return null;
  return {
    code: 'password',
    values: { min: PASSWORD_RULE.minLength, max: PASSWORD_RULE.maxLength },
    live: true,
  };
}

/**
 * The repeated password must equal the first. While the member types it, a mismatch shows only
 * once the text stops being the start of the password; a short but correct start is fine.
 */
export function confirmationProblem(value: string, password: string): FieldProblem | null {
  if (value === '') return required;
  if (value === password) return null;
  return { code: 'mismatch', live: !password.startsWith(value) };
}

export function withdrawPasswordProblem(value: string): FieldProblem | null {
  if (value === '') return required;
  if (WITHDRAW_PASSWORD_RULE.pattern.test(value)) return null;
  return {
    code: 'withdrawPassword',
    values: { length: WITHDRAW_PASSWORD_RULE.length },
    live: hasNonDigit(value) || value.length > WITHDRAW_PASSWORD_RULE.length,
  };
}

export function verificationCodeProblem(value: string): FieldProblem | null {
  if (value === '') return required;
  if (VERIFICATION_CODE_RULE.pattern.test(value)) return null;
  return {
    code: 'verificationCode',
    values: { length: VERIFICATION_CODE_RULE.length },
    live: hasNonDigit(value) || value.length > VERIFICATION_CODE_RULE.length,
  };
}

export function captchaProblem(value: string): FieldProblem | null {
  return value.trim() === '' ? required : null;
}

export function phoneProblem(value: string, { optional = false } = {}): FieldProblem | null {
  const text = value.trim();
  if (text === '') return optional ? null : required;
  if (PHONE_RULE.pattern.test(text)) return null;
  return { code: 'phone', live: hasNonDigit(text) };
}

/** A deliberately plain check (something@domain.tld); the server has the final word. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMAIL_MAX_LENGTH = 254;

export function emailProblem(value: string, { optional = false } = {}): FieldProblem | null {
  const text = value.trim();
  if (text === '') return optional ? null : required;
  if (text.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(text)) return null;
  return { code: 'email', live: /\s/.test(text) };
}

export function realNameProblem(value: string, { optional = false } = {}): FieldProblem | null {
  const text = value.trim();
  if (text === '') return optional ? null : required;
  if (text.length <= REAL_NAME_RULE.maxLength && REAL_NAME_RULE.pattern.test(text)) return null;
  return { code: 'realName', live: false };
}

/** Invite codes: letters and digits, checked for shape only when given. */
export function inviteCodeProblem(value: string, { optional = true } = {}): FieldProblem | null {
  const text = value.trim();
  if (text === '') return optional ? null : required;
  if (INVITE_CODE_RULE.pattern.test(text)) return null;
  return { code: 'inviteCode', live: /[^A-Za-z0-9]/.test(text) || text.length > 16 };
}

/** Checkbox fields ('1' when ticked): the terms must be accepted. */
export function acceptedProblem(value: string): FieldProblem | null {
  return value === '1' ? null : { code: 'terms', live: false };
}
