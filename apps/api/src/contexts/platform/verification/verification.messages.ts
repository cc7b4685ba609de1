import type { Language } from '@lobby/contracts';

/**
 * The text of a verification message in the member's language, naming the site and how long
 * the code lasts. SMS uses the body; e-mail the subject and the body.
 */
export function verificationMessage(input: {
  language: Language;
  siteName: string;
  code: string;
  minutes: number;
}): { subject: string; body: string } {
  const { siteName, code, minutes } = input;
  switch (input.language) {
    case 'zh-TW':
      return {
        subject: `【${siteName}】驗證碼`,
        body: `【${siteName}】您的驗證碼是 ${code}，${minutes} 分鐘內有效，請勿告訴他人。`,
      };
    case 'en':
      return {
        subject: `[${siteName}] Verification code`,
        body: `[${siteName}] Your verification code is ${code}. It is valid for ${minutes} minutes. Do not share it with anyone.`,
      };
    case 'zh-CN':
      return {
        subject: `【${siteName}】验证码`,
        body: `【${siteName}】您的验证码是 ${code}，${minutes} 分钟内有效，请勿告诉他人。`,
      };
  }
}
