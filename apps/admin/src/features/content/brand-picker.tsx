import { useEffect, useState } from 'react';
import { Alert, Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { BrandField } from '../../components/brand-field.tsx';
import { useOperator } from '../../lib/operator-context.tsx';

/**
 * The content screens work on one brand at a time (every call names it). An operator of listed
 * brands starts on their first one; an operator of every brand types a code first.
 */
export function useDefaultBrand(brand: string | undefined, choose: (brand: string) => void): void {
  const operator = useOperator();
  const first = operator.brands === 'all' ? undefined : operator.brands[0];
  useEffect(() => {
    if (!brand && first) choose(first);
  }, [brand, first, choose]);
}

/** A brand chooser outside a filter form: the field and a load button. */
export function BrandChooser({
  brand,
  onChoose,
}: {
  brand: string | undefined;
  onChoose: (brand: string) => void;
}) {
  const { t } = useTranslation('content');
  const [typed, setTyped] = useState<string | undefined>(brand);
  return (
    <Flex gap={8} align="center" wrap>
      <span>{t('common:brand')}</span>
      <BrandField value={typed} onChange={setTyped} />
      <Button
        type="primary"
        disabled={!typed}
        onClick={() => typed && onChoose(typed)}
        data-testid="brand-load"
      >
        {t('load')}
      </Button>
    </Flex>
  );
}

/** What a screen shows before a brand is chosen. */
export function PickBrand() {
  const { t } = useTranslation('content');
  return <Alert type="info" showIcon title={t('pickBrand')} />;
}
