import { useState } from 'react';
import { Button, Space, Tabs, Tag } from 'antd';
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

const TABS = [
  ['/agents', 'tabApplications'],
  ['/agents/list', 'tabAgents'],
  ['/agents/tiers', 'tabTiers'],
  ['/agents/statements', 'tabStatements'],
] as const;

/** The four routes of the agents screen; the brand goes along. */
export function AgentsTabs({ brand }: { brand: string | undefined }) {
  const { t } = useTranslation('agents');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const active = TABS.find(([path]) => path !== '/agents' && pathname.endsWith(path))?.[0];
  return (
    <Tabs
      activeKey={active ?? '/agents'}
      onChange={(key) => void navigate(brand ? `${key}?brand=${brand}` : key)}
      items={TABS.map(([key, label]) => ({ key, label: t(label) }))}
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
  const { t } = useTranslation('agents');
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

const COLOURS: Record<string, string> = {
  pending: 'orange',
  approved: 'green',
  paid: 'green',
  active: 'green',
  rejected: 'red',
  suspended: 'red',
};

/** A status as a coloured tag, its text from `group` (applicationStatuses, ...). */
export function StatusTag({ group, status }: { group: string; status: string }) {
  const { t } = useTranslation('agents');
  return (
    <Tag color={COLOURS[status]} data-status={status}>
      {t(`${group}.${status}`)}
    </Tag>
  );
}

/** "1500" basis points as "15.00%". */
export function percentOfBp(bp: number): string {
  return `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}%`;
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
