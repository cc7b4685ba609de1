import { Alert, Button, Card, Form, Input, Select, Space, Table, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { REGISTRY_IDENTIFIER_KINDS, adminRegistrySearchEndpoint } from '@lobby/contracts';
import type { ResponseOf } from '../../lib/api-client.ts';
import { useApi } from '../../lib/api-context.tsx';
import { formatDateTime } from '../../lib/dates.ts';

type Match = ResponseOf<typeof adminRegistrySearchEndpoint>[number];
type Values = { kind: (typeof REGISTRY_IDENTIFIER_KINDS)[number]; value: string };

/** The exclusion registry, searched by one identifier: a match's brand and period, never who. */
export default function ExclusionRegistryPage() {
  const { t } = useTranslation('exclusion-registry');
  const api = useApi();
  const search = useMutation({
    mutationFn: (body: Values) => api.call(adminRegistrySearchEndpoint, { body }),
  });
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('title')}
      </Typography.Title>
      <Alert type="info" showIcon title={t('intro')} />
      <Card>
        <Form<Values>
          layout="inline"
          initialValues={{ kind: 'phone' }}
          onFinish={(values) => search.mutate({ ...values, value: values.value.trim() })}
        >
          <Form.Item name="kind" label={t('kind')}>
            <Select
              style={{ width: 200 }}
              options={REGISTRY_IDENTIFIER_KINDS.map((kind) => ({
                value: kind,
                label: t(`kinds.${kind}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="value" label={t('value')} rules={[{ required: true, min: 3 }]}>
            <Input style={{ width: 260 }} autoComplete="off" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={search.isPending}>
            {t('search')}
          </Button>
        </Form>
      </Card>
      {search.isError ? <Alert type="error" showIcon title={search.error.message} /> : null}
      {search.data ? (
        <Table<Match>
          rowKey={(row) => `${row.brand}-${row.startsAt}-${row.kind}`}
          dataSource={search.data}
          pagination={false}
          locale={{ emptyText: t('none') }}
          columns={[
            { title: t('kind'), key: 'kind', render: (_, row) => t(`kinds.${row.kind}`) },
            { title: t('brand'), dataIndex: 'brand' },
            {
              title: t('startsAt'),
              key: 'startsAt',
              render: (_, row) => formatDateTime(row.startsAt),
            },
            {
              title: t('endsAt'),
              key: 'endsAt',
              render: (_, row) => (row.endsAt ? formatDateTime(row.endsAt) : t('indefinite')),
            },
          ]}
        />
      ) : null}
    </Space>
  );
}
