import { Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOperator } from '../lib/operator-context.tsx';

/**
 * A brand filter, as a form control: an operator of listed brands picks one of theirs; an
 * operator of every brand types a brand code (the console has no brand list to offer yet).
 * Empty means every brand the operator may see.
 */
export function BrandField({
  value,
  onChange,
}: {
  value?: string;
  onChange?: (value: string | undefined) => void;
}) {
  const { t } = useTranslation('common');
  const operator = useOperator();
  if (operator.brands !== 'all') {
    return (
      <Select<string>
        allowClear
        value={value || undefined}
        onChange={(next) => onChange?.(next || undefined)}
        placeholder={t('allBrands')}
        style={{ minWidth: 140 }}
        options={operator.brands.map((brand) => ({ value: brand, label: brand }))}
      />
    );
  }
  return (
    <Input
      allowClear
      value={value}
      onChange={(event) => onChange?.(event.target.value.trim().toLowerCase() || undefined)}
      placeholder={t('brandPlaceholder')}
      style={{ width: 140 }}
    />
  );
}
