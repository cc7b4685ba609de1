/**
 * Phone numbers and e-mail addresses as members see them once entered: enough to recognise
 * their own, too little to learn someone else's.
 */

/** `+86 138****5678`: the area code, the first and last digits, the middle starred. */
export function maskPhone(areaCode: string, phone: string): string {
  const digits = phone.trim();
  let keepStart = 1;
  let keepEnd = 1;
  if (digits.length >= 11) {
    keepStart = 3;
    keepEnd = 4;
  } else if (digits.length >= 7) {
    keepStart = 2;
    keepEnd = 2;
  }
  const hidden = Math.max(digits.length - keepStart - keepEnd, 1);
  const masked =
    digits.length <= keepStart + keepEnd
      ? '*'.repeat(Math.max(digits.length, 1))
      : `${digits.slice(0, keepStart)}${'*'.repeat(hidden)}${digits.slice(-keepEnd)}`;
  return `+${areaCode.trim()} ${masked}`;
}

/** `ab***@example.com`: the first two characters of the name (one if it is that short). */
export function maskEmail(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at === -1) return `${address.slice(0, 1)}***`;
  const name = address.slice(0, at);
  const keep = name.length > 2 ? 2 : 1;
  return `${name.slice(0, keep)}***${address.slice(at)}`;
}
