import { act, useEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createI18n } from '@lobby/i18n';
import { confirmationProblem, passwordProblem, usernameProblem } from '../../lib/member-rules.ts';
import { useForm, type Form } from './use-form.ts';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

type Values = { username: string; password: string; confirmPassword: string };
/** The latest form of the rendered component, for the test to call check() and markRefused(). */
const latest: { form?: Form<Values> } = {};

function SignUp({ onRender }: { onRender(form: Form<Values>): void }) {
  const form = useForm<Values>(
    { username: '', password: '', confirmPassword: '' },
    {
      username: usernameProblem,
      password: passwordProblem,
      confirmPassword: (value, values) => confirmationProblem(value, values.password),
    },
  );
  useEffect(() => {
    onRender(form);
  });
  return (
    <form>
      {(['username', 'password', 'confirmPassword'] as const).map((name) => (
        <label key={name}>
          <input {...form.input(name)} />
          <output data-for={name}>{form.error(name) ?? ''}</output>
        </label>
      ))}
    </form>
  );
}

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => {
    root.render(
      <I18nextProvider i18n={createI18n('en', ['web'])} defaultNS="web">
        <SignUp
          onRender={(form) => {
            latest.form = form;
          }}
        />
      </I18nextProvider>,
    );
  });
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const input = (name: keyof Values) =>
  container.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
const shown = (name: keyof Values) =>
  container.querySelector(`output[data-for="${name}"]`)?.textContent ?? '';

/** Types as a member would: the native value setter, then the input event React listens to. */
function type(name: keyof Values, value: string) {
  const element = input(name);
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  act(() => {
    setter?.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

function leave(name: keyof Values) {
  act(() => {
    input(name).dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
  });
}

describe('useForm', () => {
  it('shows a format problem while the member types, in the member language', () => {
    type('username', '1a');
    expect(shown('username')).toBe('Use 4 to 16 letters or digits, starting with a letter');
    expect(input('username').getAttribute('aria-invalid')).toBe('true');
    type('username', 'abcd');
    expect(shown('username')).toBe('');
    expect(input('username').hasAttribute('aria-invalid')).toBe(false);
  });

  it('asks for an empty field only once it has been left', () => {
    expect(shown('password')).toBe('');
    leave('password');
    expect(shown('password')).toBe('This field is required');
  });

  it('lets the repeated password catch up before calling it a mismatch', () => {
    type('password', 'abcd1234');
    type('confirmPassword', 'abcd');
    expect(shown('confirmPassword')).toBe('');
    type('confirmPassword', 'abcx');
    expect(shown('confirmPassword')).toBe('The passwords do not match');
  });

  it('shows every problem on submit and reports whether there were any', () => {
    let valid = true;
    act(() => {
      valid = latest.form!.check();
    });
    expect(valid).toBe(false);
    expect(shown('username')).toBe('This field is required');
    expect(shown('confirmPassword')).toBe('This field is required');
    type('username', 'player1');
    type('password', 'abcd1234');
    type('confirmPassword', 'abcd1234');
    act(() => {
      valid = latest.form!.check();
    });
    expect(valid).toBe(true);
  });

  it('marks the fields the server refused until the member edits them', () => {
    type('username', 'player1');
    act(() =>
      latest.form!.markRefused([
        { path: 'username', code: 'taken' },
        { path: 'other', code: 'x' },
      ]),
    );
    expect(shown('username')).toBe('This field was not accepted; please check it');
    type('username', 'player2');
    expect(shown('username')).toBe('');
  });
});
