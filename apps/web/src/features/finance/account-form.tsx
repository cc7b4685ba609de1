import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Field, PasswordInput, SelectInput, TextInput } from '../../components/ui/form.tsx';
import { Icon, type IconName } from '../../components/ui/icon.tsx';
import { PageHeader, Panel, PendingNote } from '../../components/ui/page.tsx';

export type AccountField =
  | { kind: 'text'; name: string; icon: IconName; inputMode?: 'numeric' | 'text' | 'email' }
  | { kind: 'select'; name: string; placeholderKey: string }
  | { kind: 'password'; name: string };

/**
 * The form of a new withdrawal account (bank card, Alipay, virtual-currency wallet).
 * Saving belongs to the wallet issue; the form shows every field it will send.
 */
export function AccountForm({
  icon,
  titleKey,
  subtitleKey,
  fields,
}: {
  icon: IconName;
  titleKey: string;
  subtitleKey: string;
  fields: readonly AccountField[];
}) {
  const { t } = useTranslation('web');
  return (
    <div className="page">
      <PageHeader
        icon={icon}
        title={t(titleKey)}
        subtitle={t(subtitleKey)}
        actions={
          <Link className="btn btn--ghost btn--sm" to="/user/bankCardsManage">
            <Icon name="chevronLeft" size={16} />
            {t('member.menu.bankCards')}
          </Link>
        }
      />
      <Panel>
        <form className="form form--narrow" onSubmit={(event) => event.preventDefault()}>
          {fields.map((field) => (
            <Field key={field.name} label={t(`fields.${field.name}`)} required>
              {(id) =>
                field.kind === 'select' ? (
                  <SelectInput
                    id={id}
                    value=""
                    disabled
                    options={[{ value: '', label: t(field.placeholderKey) }]}
                  />
                ) : field.kind === 'password' ? (
                  <PasswordInput
                    id={id}
                    icon="lock"
                    name={field.name}
                    autoComplete="off"
                    placeholder={t(`fields.${field.name}Placeholder`)}
                  />
                ) : (
                  <TextInput
                    id={id}
                    icon={field.icon}
                    name={field.name}
                    inputMode={field.inputMode ?? 'text'}
                    autoComplete="off"
                    placeholder={t(`fields.${field.name}Placeholder`)}
                  />
                )
              }
            </Field>
          ))}
          <button type="submit" className="btn btn--primary btn--block" disabled>
            {t('common.save')}
          </button>
          <PendingNote>{t('finance.accountPending')}</PendingNote>
        </form>
      </Panel>
    </div>
  );
}
