import { createHmac } from 'node:crypto';

/**
 * The registry's identifiers, normalised so that the same person writes the same key on every
 * brand: a phone as its digits with the area code, an e-mail in lower case, a real name (Unicode
 * NFKC, without spaces, lower case) with the date of birth, an ID number in upper-case letters
 * and digits. Each is hashed with the registry's key (HMAC-SHA-256): the table never holds one.
 */
export type IdentifierKind = 'phone' | 'email' | 'name_dob' | 'id_number';
export type Identifier = { kind: IdentifierKind; value: string };

export function normalise(identifier: Identifier): string | null {
  const value = identifier.value.normalize('NFKC').trim();
  switch (identifier.kind) {
    case 'phone': {
      const digits = value.replace(/\D/g, '');
      return digits.length >= 6 ? digits : null;
    }
    case 'email':
      return value.includes('@') ? value.toLowerCase() : null;
    case 'name_dob': {
      const [name = '', dob = ''] = value.split('|');
      const compact = name.replace(/\s+/g, '').toLowerCase();
      return compact && /^\d{4}-\d{2}-\d{2}$/.test(dob) ? `${compact}|${dob}` : null;
    }
    case 'id_number': {
      const compact = value.toUpperCase().replace(/[^0-9A-Z]/g, '');
      return compact.length >= 4 ? compact : null;
    }
  }
}

export function identifierHash(key: Buffer, identifier: Identifier): string | null {
  const normal = normalise(identifier);
  if (normal === null) return null;
  return createHmac('sha256', key).update(`${identifier.kind}:${normal}`).digest('hex');
}

/** A member's identifiers the registry knows: what is set of phone, e-mail, name with birth date. */
export function identifiersOf(member: {
  phoneAreaCode?: string | null;
  phone?: string | null;
  email?: string | null;
  realName?: string | null;
  dateOfBirth?: string | null;
}): Identifier[] {
  const found: Identifier[] = [];
  if (member.phone) {
    found.push({ kind: 'phone', value: `${member.phoneAreaCode ?? ''}${member.phone}` });
  }
  if (member.email) found.push({ kind: 'email', value: member.email });
  if (member.realName && member.dateOfBirth) {
    found.push({ kind: 'name_dob', value: `${member.realName}|${member.dateOfBirth}` });
  }
  return found;
}
