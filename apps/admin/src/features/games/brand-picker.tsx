import { useState } from 'react';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BrandField } from '../../components/brand-field.tsx';
import { useOperator } from '../../lib/operator-context.tsx';

/**
 * The brand a games screen shows, in the URL (`?brand=`): an operator of listed brands starts on
 * their first one; an operator of every brand types a code and presses Show.
 */
export function useBrandParam(): [string, (brand: string) => void] {
  const [search, setSearch] = useSearchParams();
  const operator = useOperator();
  const fallback = operator.brands === 'all' ? '' : (operator.brands[0] ?? '');
  const brand = search.get('brand') ?? fallback;
  return [
    brand,
    (next: string) => {
      const params = new URLSearchParams(search);
      params.set('brand', next);
      setSearch(params);
    },
  ];
}

export function BrandPicker({ brand, onPick }: { brand: string; onPick: (brand: string) => void }) {
  const { t } = useTranslation('games');
  const [typed, setTyped] = useState<string | undefined>(brand || undefined);
  return (
    <Space wrap>
      <span>{t('brand')}</span>
      <BrandField value={typed} onChange={setTyped} />
      <Button
        type="primary"
        data-testid="brand-load"
        disabled={!typed}
        onClick={() => typed && onPick(typed)}
      >
        {t('load')}
      </Button>
    </Space>
  );
}
