import { useTranslation } from 'react-i18next';
import { Field, TextInput } from './form.tsx';
import { Icon } from './icon.tsx';
import type { InputBinding } from './use-form.ts';

export type AreaOption = { areaCode: string; name: string };

/**
 * The area code (from the server's list) beside a phone number. The box shows the code alone
 * (`+86`) so it stays narrow at phone width; the native list under it names every region.
 */
export function PhoneField({
  label,
  areas,
  areaCode,
  onAreaCode,
  input,
  error,
  required = false,
}: {
  label: string;
  areas: readonly AreaOption[];
  areaCode: string;
  onAreaCode(areaCode: string): void;
  input: InputBinding;
  error?: string;
  required?: boolean;
}) {
  const { t } = useTranslation('web');
  return (
    <Field label={label} required={required} error={error}>
      {(id, description) => (
        <div className="phone-row">
          <div className="input input--select phone-row__area">
            <span className="phone-row__code" aria-hidden="true">
              {areaCode ? `+${areaCode}` : '...'}
            </span>
            <select
              name="areaCode"
              className="phone-row__select"
              aria-label={t('fields.areaCode')}
              value={areaCode}
              disabled={areas.length === 0}
              onChange={(event) => onAreaCode(event.target.value)}
            >
              {areas.length === 0 ? <option value="">{t('fields.areaCodeLoading')}</option> : null}
              {areas.map((area) => (
                <option key={area.areaCode} value={area.areaCode}>
                  {`+${area.areaCode} ${area.name}`}
                </option>
              ))}
            </select>
            <Icon name="chevronDown" size={16} className="input__chevron" />
          </div>
          <TextInput
            id={id}
            icon="phone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={15}
            placeholder={t('fields.phonePlaceholder')}
            {...description}
            {...input}
          />
        </div>
      )}
    </Field>
  );
}
