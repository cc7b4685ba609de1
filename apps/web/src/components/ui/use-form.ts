import { useCallback, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldIssue } from '@lobby/contracts';
import type { FieldProblem, FieldRule } from '../../lib/member-rules.ts';

export type FormRules<Values> = { [Name in keyof Values]?: FieldRule<Values> };

/** What a text input needs from the form: spread it onto <TextInput/> or <input/>. */
export type InputBinding = {
  name: string;
  value: string;
  onChange(event: ChangeEvent<HTMLInputElement | HTMLSelectElement>): void;
  onBlur(): void;
  'aria-invalid': true | undefined;
};

export type Form<Values extends Record<string, string>> = {
  values: Values;
  set(name: keyof Values, value: string): void;
  input(name: keyof Values): InputBinding;
  /** The text to show under a field, in the member's language, or undefined. */
  error(name: keyof Values): string | undefined;
  /** Shows the problems of these fields now, as if the member had left them. */
  touch(names: readonly (keyof Values)[]): void;
  /**
   * Shows every problem; true when there is none. Given the form element, moves the focus to
   * the first field with a problem (it may be out of sight on a phone).
   */
  check(formElement?: HTMLElement | null): boolean;
  /**
   * Empties fields (a used captcha, a spent code) and forgets that they were touched; used
   * after an attempt, so the form counts as not yet submitted again.
   */
  clear(names: readonly (keyof Values)[]): void;
  /** Marks the fields the server refused (FieldIssue paths), until the member edits them. */
  markRefused(fields: readonly FieldIssue[] | undefined): void;
};

/**
 * A small form state for the member forms: values, and problems shown as the member types.
 * A problem shows when the field has been left (blur), once the form was submitted, or at
 * once while typing when the rule calls it `live` (lib/member-rules.ts). A field the server
 * refused is marked until the member changes it.
 */
export function useForm<Values extends Record<string, string>>(
  initial: Values,
  rules: FormRules<Values>,
): Form<Values> {
  const { t } = useTranslation('web');
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<keyof Values>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [refused, setRefused] = useState<ReadonlySet<keyof Values>>(() => new Set());

  const valueOf = (name: keyof Values): string => (values[name] as string | undefined) ?? '';
  const problemOf = (name: keyof Values): FieldProblem | null =>
    rules[name]?.(valueOf(name), values) ?? null;

  const set = useCallback((name: keyof Values, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setRefused((current) => without(current, [name]));
  }, []);

  const error = (name: keyof Values): string | undefined => {
    const problem = problemOf(name);
    if (problem) {
      const shown = submitted || touched.has(name) || (problem.live && valueOf(name) !== '');
      if (shown) return t(`validation.${problem.code}`, problem.values ?? {});
    }
    return refused.has(name) ? t('validation.refused') : undefined;
  };

  return {
    values,
    set,
    input: (name) => ({
      name: String(name),
      value: valueOf(name),
      onChange: (event) => set(name, event.target.value),
      onBlur: () => setTouched((current) => (current.has(name) ? current : addTo(current, name))),
      'aria-invalid': error(name) ? true : undefined,
    }),
    error,
    touch: (names) => setTouched((current) => names.reduce(addTo, current)),
    check: (formElement) => {
      setSubmitted(true);
      const valid = (Object.keys(rules) as (keyof Values)[]).every(
        (name) => problemOf(name) === null,
      );
      if (!valid && formElement) {
        // After the render that marks the fields.
        requestAnimationFrame(() =>
          formElement.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
        );
      }
      return valid;
    },
    clear: (names) => {
      setValues((current) => {
        const next = { ...current };
        for (const name of names) (next as Record<keyof Values, string>)[name] = '';
        return next;
      });
      setTouched((current) => without(current, names));
      // Cleared after an attempt that passed the checks: the emptied fields start afresh.
      setSubmitted(false);
    },
    markRefused: (fields) => {
      const names = (fields ?? [])
        .map((field) => field.path.split('.')[0] ?? '')
        .filter((name): name is Extract<keyof Values, string> => name in values);
      if (names.length > 0) setRefused(new Set(names));
    },
  };
}

function addTo<T>(set: ReadonlySet<T>, item: T): ReadonlySet<T> {
  return new Set([...set, item]);
}

function without<T>(set: ReadonlySet<T>, items: readonly T[]): ReadonlySet<T> {
  if (!items.some((item) => set.has(item))) return set;
  const next = new Set(set);
  for (const item of items) next.delete(item);
  return next;
}
