import { z } from 'zod';

/**
 * Members and access (SPEC.md sections 3, 4, 5, 7, 8). Field names are shared by register and
 * login: username, password, confirmPassword, key (captcha key), code (captcha text), areaCode,
 * phone, phoneCode, email, mailCode, inviteCode, realName. Passwords always travel RSA-OAEP
 * (SHA-256) encrypted and base64 encoded; the server refuses plain ones.
 */

// ---------------------------------------------------------------------------------------------
// Rules, stated once: the server enforces them, the forms show and check them as members type.

export const USERNAME_RULE = {
  minLength: 4,
  maxLength: 16,
  /** Starts with a letter; letters and digits only. */
  pattern: /^[A-Za-z][A-Za-z0-9]{3,15}$/,
} as const;

export const PASSWORD_RULE = {
  minLength: 8,
  maxLength: 32,
  /** At least one letter and one digit; printable ASCII, no spaces. */
  pattern: /^(?=.*[A-Za-z])(?=.*\d)[\x21-\x7e]{8,32}$/,
} as const;

/** The withdrawal password: six digits. */
export const WITHDRAW_PASSWORD_RULE = { length: 6, pattern: /^\d{6}$/ } as const;

export const REAL_NAME_RULE = {
  maxLength: 30,
  /** Chinese names (with the middle dot) or Latin letters and spaces. */
  pattern: /^(?:[\u4e00-\u9fa5·]{2,15}|[A-Za-z][A-Za-z .'-]{1,29})$/,
} as const;

export const INVITE_CODE_RULE = { pattern: /^[A-Za-z0-9]{4,16}$/ } as const;

export const VERIFICATION_CODE_RULE = { length: 6, pattern: /^\d{6}$/ } as const;

/** Local phone numbers, digits only, after the area code. */
export const PHONE_RULE = { pattern: /^\d{5,15}$/ } as const;
export const AREA_CODE_RULE = { pattern: /^\d{1,4}$/ } as const;

export function isValidUsername(value: string): boolean {
  return USERNAME_RULE.pattern.test(value);
}
export function isValidPassword(value: string): boolean {
  return PASSWORD_RULE.pattern.test(value);
}
export function isValidWithdrawPassword(value: string): boolean {
  return WITHDRAW_PASSWORD_RULE.pattern.test(value);
}

// ---------------------------------------------------------------------------------------------
// Shared field schemas.

/** An RSA-OAEP ciphertext, base64: 344 characters for a 2048-bit key. */
export const encryptedSchema = z
  .string()
  .min(100)
  .max(1_400)
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'base64');

const captchaFields = {
  key: z.string().min(8).max(64),
  code: z.string().trim().min(1).max(12),
};
/** Register and login carry the captcha only when the brand has it on (preInfo says). */
const optionalCaptchaFields = {
  key: captchaFields.key.optional(),
  code: captchaFields.code.optional(),
};

export const usernameSchema = z.string().trim().min(1).max(64);
export const areaCodeSchema = z.string().trim().regex(AREA_CODE_RULE.pattern);
export const phoneSchema = z.string().trim().regex(PHONE_RULE.pattern);
export const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email());
export const verificationCodeSchema = z.string().trim().regex(VERIFICATION_CODE_RULE.pattern);

/** A field a brand's registration may turn off, ask for, or require. */
export const fieldRequirementSchema = z.enum(['off', 'optional', 'required']);
export type FieldRequirement = z.infer<typeof fieldRequirementSchema>;

export const registrationSettingsSchema = z.object({
  phone: fieldRequirementSchema,
  email: fieldRequirementSchema,
  inviteCode: fieldRequirementSchema,
  realName: fieldRequirementSchema,
  /** Whether the graphic captcha is asked for on register and login. */
  captcha: z.boolean(),
});
export type RegistrationSettings = z.infer<typeof registrationSettingsSchema>;

export const DEFAULT_REGISTRATION_SETTINGS: RegistrationSettings = {
  phone: 'optional',
  email: 'optional',
  inviteCode: 'optional',
  realName: 'off',
  captcha: true,
};

// ---------------------------------------------------------------------------------------------
// Member info.

export const memberInfoSchema = z.object({
  username: z.string(),
  /** Avatar address (the spec's client reads it from `qq`). */
  qq: z.string(),
  realName: z.string().nullable().describe('Masked'),
  areaCode: z.string().nullable(),
  phone: z.string().nullable().describe('Masked'),
  email: z.string().nullable().describe('Masked'),
  phoneBound: z.boolean(),
  emailBound: z.boolean(),
  realNameSet: z.boolean(),
  withdrawPasswordSet: z.boolean(),
  inviteCode: z.string(),
  lastLoginAt: z.string().nullable().describe('ISO 8601, the login before this session'),
  lastLoginIp: z.string().nullable(),
  /** VIP level; 0 until the VIP issue. */
  vipLevel: z.number().int().min(0).max(30),
  createdAt: z.string(),
});
export type MemberInfo = z.infer<typeof memberInfoSchema>;

// ---------------------------------------------------------------------------------------------
// Endpoints.

export const captchaEndpoint = {
  method: 'GET',
  path: '/api/f/v1/captcha',
  response: z.object({
    key: z.string(),
    /** The captcha picture as a data URL. */
    img: z.string(),
  }),
} as const;

export const preInfoEndpoint = {
  method: 'GET',
  path: '/api/f/v1/member/preInfo',
  response: z.object({
    /** RSA public key (SPKI PEM) for RSA-OAEP SHA-256. */
    publicKey: z.string(),
    registration: registrationSettingsSchema,
  }),
} as const;

export const registerEndpoint = {
  method: 'POST',
  path: '/api/f/v1/member/register',
  body: z.object({
    username: usernameSchema,
    password: encryptedSchema,
    confirmPassword: encryptedSchema,
    ...optionalCaptchaFields,
    areaCode: areaCodeSchema.optional(),
    phone: phoneSchema.optional(),
    phoneCode: verificationCodeSchema.optional(),
    email: emailSchema.optional(),
    mailCode: verificationCodeSchema.optional(),
    inviteCode: z.string().trim().max(16).optional(),
    realName: z.string().trim().max(REAL_NAME_RULE.maxLength).optional(),
    /** `YYYY-MM-DD`: asked where the brand's compliance profile says so; minors are refused. */
    dateOfBirth: z.union([z.iso.date(), z.literal('')]).optional(),
  }),
  response: memberInfoSchema,
} as const;

export const loginEndpoint = {
  method: 'POST',
  path: '/api/f/v1/member/login/mpe',
  body: z.object({
    username: usernameSchema,
    password: encryptedSchema,
    ...optionalCaptchaFields,
  }),
  response: memberInfoSchema,
} as const;

export const logoutEndpoint = {
  method: 'POST',
  path: '/api/findmed/v1/member/logout',
  response: z.object({ loggedOut: z.literal(true) }),
} as const;

export const memberInfoEndpoint = {
  method: 'GET',
  path: '/api/findmed/v1/member/token',
  response: memberInfoSchema,
} as const;

export const VERIFICATION_PURPOSES = ['register', 'forget', 'bindPhone', 'bindEmail'] as const;
export type VerificationPurpose = (typeof VERIFICATION_PURPOSES)[number];

export const sendCodeEndpoint = {
  method: 'POST',
  path: '/api/service/sms',
  body: z.object({
    purpose: z.enum(VERIFICATION_PURPOSES),
    areaCode: areaCodeSchema.optional(),
    phone: phoneSchema.optional(),
    email: emailSchema.optional(),
    ...captchaFields,
  }),
  response: z.object({
    /** Where the code went, masked. */
    sentTo: z.string(),
    resendAfterSeconds: z.number().int(),
    expiresInSeconds: z.number().int(),
  }),
} as const;

export const phoneAreaSchema = z.object({
  areaCode: z.string(),
  country: z.string().length(2),
  name: z.string(),
});
export type PhoneArea = z.infer<typeof phoneAreaSchema>;

export const phoneAreasEndpoint = {
  method: 'GET',
  path: '/api/findmed/v1/member/phoneArea',
  response: z.array(phoneAreaSchema),
} as const;

export const forgetPasswordEndpoint = {
  method: 'POST',
  path: '/api/findmed/v1/member/forgetpassword',
  body: z.object({
    username: usernameSchema,
    areaCode: areaCodeSchema.optional(),
    phone: phoneSchema.optional(),
    phoneCode: verificationCodeSchema.optional(),
    email: emailSchema.optional(),
    mailCode: verificationCodeSchema.optional(),
    password: encryptedSchema,
    confirmPassword: encryptedSchema,
  }),
  response: z.object({ reset: z.literal(true) }),
} as const;

export const changePasswordEndpoint = {
  method: 'POST',
  path: '/api/findmed/v1/member/password',
  body: z.object({
    oldPassword: encryptedSchema,
    password: encryptedSchema,
    confirmPassword: encryptedSchema,
  }),
  response: z.object({ changed: z.literal(true) }),
} as const;

export const bindPhoneEndpoint = {
  method: 'POST',
  path: '/api/findmed/v1/member/bind/phone',
  body: z.object({
    areaCode: areaCodeSchema,
    phone: phoneSchema,
    phoneCode: verificationCodeSchema,
  }),
  response: memberInfoSchema,
} as const;

export const bindEmailEndpoint = {
  method: 'POST',
  path: '/api/findmed/v1/member/bind/email',
  body: z.object({ email: emailSchema, mailCode: verificationCodeSchema }),
  response: memberInfoSchema,
} as const;

export const realNameEndpoint = {
  method: 'POST',
  path: '/api/findmed/v1/member/realName',
  body: z.object({ realName: z.string().trim().min(1).max(REAL_NAME_RULE.maxLength) }),
  response: memberInfoSchema,
} as const;

export const setWithdrawPasswordEndpoint = {
  method: 'POST',
  path: '/api/findmed/v1/member/withdraw/password',
  body: z.object({
    /** Required when a withdrawal password is already set. */
    oldWithdrawPassword: encryptedSchema.optional(),
    withdrawPassword: encryptedSchema,
    confirmWithdrawPassword: encryptedSchema,
  }),
  response: memberInfoSchema,
} as const;

export const withdrawPasswordConfigEndpoint = {
  method: 'GET',
  path: '/api/f/v1/withdraw/password/config',
  response: z.object({
    /** Enabled: the brand uses withdrawal passwords. */
    d: z.boolean(),
    /** Set: this member has one. */
    p: z.boolean(),
  }),
} as const;

export const UPLOAD_PURPOSES = ['avatar', 'feedback', 'kyc'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];
/** Largest image a member may upload. */
export const UPLOAD_IMAGE_LIMIT_BYTES = 2 * 1024 * 1024;
export const UPLOAD_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

export const uploadEndpoint = {
  method: 'POST',
  path: '/api/f/v1/upload',
  /** Multipart: one `file` part and a `purpose` field. */
  fields: z.object({ purpose: z.enum(UPLOAD_PURPOSES) }),
  response: z.object({ id: z.string(), url: z.string(), contentType: z.string() }),
} as const;

export const outboxMessageSchema = z.object({
  channel: z.enum(['sms', 'email']),
  to: z.string(),
  purpose: z.string(),
  subject: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** Outside production only: the latest messages sent to a target (tests, demos). */
export const devOutboxEndpoint = {
  method: 'GET',
  path: '/api/dev/outbox',
  query: z.object({ to: z.string().trim().min(3).max(254) }),
  response: z.array(outboxMessageSchema),
} as const;
