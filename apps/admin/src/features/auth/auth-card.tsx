import type { ReactNode } from 'react';
import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/language-switch.tsx';

/** The frame of the screens before the console: login and enrolment. */
export function AuthCard({
  title,
  width = 420,
  children,
}: {
  title: ReactNode;
  width?: number;
  children: ReactNode;
}) {
  const { t } = useTranslation('app');
  return (
    <Flex
      vertical
      align="center"
      justify="center"
      gap={16}
      style={{ minHeight: '100vh', padding: 24, background: '#f0f2f5' }}
    >
      <Flex justify="space-between" align="center" style={{ width, maxWidth: '100%' }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <LanguageSwitch />
      </Flex>
      <Card title={title} style={{ width, maxWidth: '100%' }}>
        {children}
      </Card>
    </Flex>
  );
}
