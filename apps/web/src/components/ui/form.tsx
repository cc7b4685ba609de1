import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from './icon.tsx';

/** Attributes that tie a control to its field's hint or error text. */
export type FieldDescription = { 'aria-describedby'?: string };

/**
 * A labelled form row; the control gets the generated id and the id of the text below it.
 * An error replaces the hint while there is one.
 */
export function Field({
  label,
  hint,
  error,
  children,
  required = false,
}: {
  label: string;
  hint?: ReactNode;
  error?: string;
  required?: boolean;
  children: (id: string, description: FieldDescription) => ReactNode;
}) {
  const id = useId();
  const noteId = `${id}-note`;
  const note = error ?? hint;
  return (
    <div className={error ? 'field is-invalid' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
        {required ? <span className="field__required">*</span> : null}
      </label>
      {children(id, note ? { 'aria-describedby': noteId } : {})}
      {error ? (
        <p className="field__error" id={noteId} aria-live="polite">
          <Icon name="info" size={14} />
          {error}
        </p>
      ) : hint ? (
        <p className="field__hint" id={noteId}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> & {
  icon?: IconName;
  suffix?: ReactNode;
};

export function TextInput({ icon, suffix, ...props }: InputProps) {
  return (
    <div className="input">
      {icon ? <Icon name={icon} size={18} className="input__icon" /> : null}
      <input className="input__control" {...props} />
      {suffix ? <span className="input__suffix">{suffix}</span> : null}
    </div>
  );
}

export function PasswordInput(props: Omit<InputProps, 'type' | 'suffix'>) {
  const { t } = useTranslation('web');
  const [visible, setVisible] = useState(false);
  return (
    <TextInput
      {...props}
      type={visible ? 'text' : 'password'}
      suffix={
        <button
          type="button"
          className="input__toggle"
          onClick={() => setVisible((value) => !value)}
          aria-label={visible ? t('form.hidePassword') : t('form.showPassword')}
        >
          <Icon name={visible ? 'eyeOff' : 'eye'} size={18} />
        </button>
      }
    />
  );
}

export function SelectInput({
  id,
  name,
  value,
  onChange,
  options,
  disabled,
  label,
}: {
  id?: string;
  name?: string;
  value: string;
  onChange?: (value: string) => void;
  options: readonly { value: string; label: string }[];
  disabled?: boolean;
  /** Accessible name when no <label> points at the select. */
  label?: string;
}) {
  return (
    <div className="input input--select">
      <select
        id={id}
        name={name}
        className="input__control"
        value={value}
        disabled={disabled}
        aria-label={label}
        onChange={(event) => onChange?.(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Icon name="chevronDown" size={16} className="input__chevron" />
    </div>
  );
}

/** The outcome of a submit: the server's refusal or a success, above the submit button. */
export function FormAlert({
  tone = 'error',
  children,
}: {
  /** info: accepted but not final yet (a transfer being confirmed). */
  tone?: 'error' | 'success' | 'info';
  children: ReactNode;
}) {
  return (
    <div className={`form-alert form-alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <Icon name={tone === 'success' ? 'check' : 'info'} size={18} />
      <div className="form-alert__text">{children}</div>
    </div>
  );
}
