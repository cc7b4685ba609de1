/**
 * The contact list is checked with the API's own schema (adminSetBrandContactsEndpoint.body)
 * before it is sent; this turns the schema's issues into form fields and the text to show.
 */
export const CONTACT_RULES = [
  'required',
  'tooLong',
  'imageUrl',
  'action',
  'duplicate',
  'tooMany',
  'invalid',
] as const;
export type ContactRule = (typeof CONTACT_RULES)[number];

type Issue = { code: string; path: PropertyKey[] };

const ENTRY_FIELDS = ['deviceText', 'deviceNum', 'imageUrl', 'action'] as const;
type EntryField = (typeof ENTRY_FIELDS)[number];

export type FieldProblem = { name: ['contacts', number, EntryField]; rule: ContactRule };

const isEntryField = (value: unknown): value is EntryField =>
  (ENTRY_FIELDS as readonly unknown[]).includes(value);

/** Issues on one entry's field go on that field; those of the whole list are `general`. */
export function issuesToFields(issues: readonly Issue[]): {
  fields: FieldProblem[];
  general: ContactRule[];
} {
  const fields: FieldProblem[] = [];
  const general: ContactRule[] = [];
  for (const issue of issues) {
    const [list, index, field] = issue.path;
    if (list === 'contacts' && typeof index === 'number' && isEntryField(field)) {
      fields.push({ name: ['contacts', index, field], rule: ruleOf(field, issue.code) });
    } else if (list === 'contacts') {
      general.push(
        issue.code === 'too_big' ? 'tooMany' : issue.code === 'custom' ? 'duplicate' : 'invalid',
      );
    } else {
      general.push('invalid');
    }
  }
  return { fields, general };
}

function ruleOf(field: string, code: string): ContactRule {
  if (field === 'imageUrl') return code === 'too_big' ? 'tooLong' : 'imageUrl';
  if (field === 'action') return 'action';
  if (code === 'too_small') return 'required';
  if (code === 'too_big') return 'tooLong';
  return 'invalid';
}
