import { useState } from 'react';
import { Button, Space, Tabs } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { BrandField } from '../../components/brand-field.tsx';
import { useOperator } from '../../lib/operator-context.tsx';

/** The brand a page shows: the URL's, or the operator's first brand when they have a list. */
export function useDefaultBrand(fromUrl: string | undefined): string | undefined {
  const operator = useOperator();
  if (fromUrl) return fromUrl;
  return operator.brands === 'all' ? undefined : operator.brands[0];
}

/** Levels, rewards and jobs are three routes of one screen; the brand goes along. */
export function VipTabs({ brand }: { brand: string | undefined }) {
  const { t } = useTranslation('vip');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const active = pathname.endsWith('/rewards')
    ? '/vip/rewards'
    : pathname.endsWith('/jobs')
      ? '/vip/jobs'
      : '/vip';
  return (
    <Tabs
      activeKey={active}
      onChange={(key) => void navigate(brand ? `${key}?brand=${brand}` : key)}
      items={[
        { key: '/vip', label: t('tabLevels') },
        { key: '/vip/rewards', label: t('tabRewards') },
        { key: '/vip/jobs', label: t('tabJobs') },
      ]}
    />
  );
}

/** A brand picker for the pages that show one brand at a time. */
export function BrandBar({
  brand,
  onLoad,
}: {
  brand: string | undefined;
  onLoad: (brand: string) => void;
}) {
  const { t } = useTranslation('vip');
  const [typed, setTyped] = useState<string | undefined>(brand);
  return (
    <Space wrap>
      <span>{t('common:brand')}</span>
      <BrandField value={typed} onChange={setTyped} />
      <Button
        type="primary"
        data-testid="brand-load"
        disabled={!typed}
        onClick={() => typed && onLoad(typed)}
      >
        {t('load')}
      </Button>
    </Space>
  );
}

/** An antd form rule that checks a value with a field schema of the API's own contract. */
export function zodRule(schema: z.ZodType, message: string) {
  return {
    validator: (_: unknown, value: unknown) =>
      value === undefined || value === null || value === '' || schema.safeParse(value).success
        ? Promise.resolve()
        : Promise.reject(new Error(message)),
  };
}
