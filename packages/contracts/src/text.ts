import { z } from 'zod';
import type { FieldIssue } from './envelope.ts';

/**
 * Text rules every request obeys, stated once. No string a client sends may carry a control
 * character: PostgreSQL refuses NUL in text, and the others (escape sequences, backspace, C1
 * controls, lone surrogates) only ever hide or garble what a person reads. Tab, carriage return
 * and line feed are allowed only in fields declared multi-line with `multiline()` (feedback,
 * messages, notes, Markdown bodies); everywhere else a line break is refused too.
 *
 * The API applies the rule to every body, query and path parameter before validation
 * (apps/api/src/plugins/input.ts), and the chat socket to every frame, so no route can forget it.
 */

/** Characters no text field accepts. */
// eslint-disable-next-line no-control-regex -- matching control characters is this rule's job.
const ALWAYS_REFUSED = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|\p{Cs}/u;
/** Characters refused unless the field is multi-line. */
const LINE_BREAKS_AND_TABS = /[\t\n\r]/;

/** The field-issue code of a string with a refused character. */
export const CONTROL_CHARACTER_ISSUE = 'control_character';

const multilineTexts = z.registry<Record<string, never>>();

/**
 * Declares a string field multi-line: tab, carriage return and line feed are then accepted.
 * Apply it to the finished string schema (`multiline(z.string().max(500))`), since every zod
 * method returns a new schema.
 */
export function multiline<T extends z.ZodString>(schema: T): T {
  multilineTexts.add(schema, {});
  return schema;
}

/** True when a text has a character its field refuses. */
export function hasRefusedCharacter(text: string, allowLineBreaks: boolean): boolean {
  return ALWAYS_REFUSED.test(text) || (!allowLineBreaks && LINE_BREAKS_AND_TABS.test(text));
}

/** Path patterns ('*' for any array index or record key) of the multi-line fields of a schema. */
export type MultilinePaths = readonly (readonly string[])[];

type AnySchema = z.core.$ZodType;

/**
 * The multi-line fields of a schema, found by walking its definition (objects, arrays, records,
 * unions, optional and default wrappers, pipes). A schema with none gives an empty list.
 */
export function multilinePathsOf(schema: unknown): MultilinePaths {
  const found: string[][] = [];
  if (isZodSchema(schema)) collect(schema, [], found, new Set());
  return found;
}

function isZodSchema(value: unknown): value is AnySchema {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

function collect(schema: AnySchema, path: string[], found: string[][], seen: Set<AnySchema>) {
  if (seen.has(schema)) return;
  seen.add(schema);
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const inner = (key: string, segment?: string) => {
    const child = def[key];
    if (isZodSchema(child)) collect(child, segment ? [...path, segment] : path, found, seen);
  };
  switch (def.type) {
    case 'string':
      if (multilineTexts.has(schema)) found.push(path);
      break;
    case 'object':
      for (const [name, child] of Object.entries(def.shape as Record<string, AnySchema>)) {
        collect(child, [...path, name], found, seen);
      }
      inner('catchall', '*');
      break;
    case 'array':
      inner('element', '*');
      break;
    case 'record':
      inner('valueType', '*');
      break;
    case 'tuple':
      for (const child of def.items as AnySchema[]) collect(child, [...path, '*'], found, seen);
      inner('rest', '*');
      break;
    case 'union':
      for (const option of def.options as AnySchema[]) collect(option, path, found, seen);
      break;
    case 'intersection':
      inner('left');
      inner('right');
      break;
    case 'pipe':
      inner('in');
      inner('out');
      break;
    case 'lazy':
      collect((def.getter as () => AnySchema)(), path, found, seen);
      break;
    default:
      // optional, nullable, default, prefault, nonoptional, readonly, catch, success
      inner('innerType');
  }
  seen.delete(schema);
}

function matches(paths: MultilinePaths, path: readonly string[]): boolean {
  return paths.some(
    (pattern) =>
      pattern.length === path.length &&
      pattern.every((segment, index) => segment === '*' || segment === path[index]),
  );
}

/** Deeper input than this is refused outright: no contract nests so far. */
const MAX_DEPTH = 32;

/**
 * The first string in a request value (a parsed body, query or path parameters) that has a
 * refused character, as a field issue with its dotted path; undefined when all are clean.
 */
export function findRefusedText(
  value: unknown,
  multilinePaths: MultilinePaths = [],
): FieldIssue | undefined {
  const walk = (current: unknown, path: string[]): FieldIssue | undefined => {
    if (typeof current === 'string') {
      return hasRefusedCharacter(current, matches(multilinePaths, path))
        ? { path: path.join('.'), code: CONTROL_CHARACTER_ISSUE }
        : undefined;
    }
    if (typeof current !== 'object' || current === null) return undefined;
    if (path.length >= MAX_DEPTH) return { path: path.join('.'), code: 'too_deep' };
    const entries = Array.isArray(current)
      ? current.map((item, index) => [String(index), item] as const)
      : Object.entries(current);
    for (const [key, item] of entries) {
      if (hasRefusedCharacter(key, false)) {
        // The name itself is refused; it is not echoed back.
        return { path: [...path, '?'].join('.'), code: CONTROL_CHARACTER_ISSUE };
      }
      const issue = walk(item, [...path, key]);
      if (issue) return issue;
    }
    return undefined;
  };
  return walk(value, []);
}
