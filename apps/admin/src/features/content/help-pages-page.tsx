import { useCallback } from 'react';
import { Button, Form, Select, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, adminHelpPagesEndpoint, type AdminHelpPage } from '@lobby/contracts';
import { BrandField } from '../../components/brand-field.tsx';
import { FilterBar, ListPage } from '../../components/list-page.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { useEndpointQuery } from '../../lib/api-context.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { useUrlFilters } from '../../lib/url-filters.ts';
import { PickBrand, useDefaultBrand } from './brand-picker.tsx';

type FormValues = { brand?: string; language?: string };

/**
 * A brand's help pages, published or not, by language, category and sort: each opens in the
 * editor; a new page starts there too.
 */
export default function HelpPagesPage() {
  const { t } = useTranslation('content');
  const [filters, setFilters] = useUrlFilters(adminHelpPagesEndpoint.query);
  const brand = filters.brand as string | undefined;
  const choose = useCallback(
    (code: string) => setFilters({ brand: code }, { replace: true }),
    [setFilters],
  );
  useDefaultBrand(brand, choose);
  const list = useEndpointQuery(adminHelpPagesEndpoint, { query: filters }, { enabled: !!brand });
  return (
    <ListPage
      title={t('help.title')}
      extra={
        brand ? (
          <Link to={`/help-pages/new?brand=${encodeURIComponent(brand)}`}>
            <Button type="primary" icon={<PlusOutlined />} data-testid="help-new">
              {t('help.new')}
            </Button>
          </Link>
        ) : null
      }
      filters={
        <FilterBar<FormValues>
          key={JSON.stringify(filters)}
          initialValues={{ brand, language: filters.language }}
          onSearch={(values) => setFilters({ brand: values.brand, language: values.language })}
          onReset={() => setFilters({ language: undefined })}
        >
          <Form.Item name="brand" label={t('common:brand')}>
            <BrandField />
          </Form.Item>
          <Form.Item name="language" label={t('help.language')}>
            <Select
              allowClear
              placeholder={t('common:all')}
              style={{ width: 140 }}
              options={LANGUAGES.map((language) => ({
                value: language,
                label: t(`languages.${language}`),
              }))}
            />
          </Form.Item>
        </FilterBar>
      }
    >
      {!brand ? (
        <PickBrand />
      ) : list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Table<AdminHelpPage>
          data-testid="help-pages"
          rowKey="id"
          size="middle"
          bordered
          loading={list.isPending}
          dataSource={list.data ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('help.empty') }}
          columns={[
            { title: t('id'), dataIndex: 'id' },
            {
              title: t('help.language'),
              key: 'language',
              render: (_, row) => t(`languages.${row.language}`),
            },
            { title: t('help.category'), dataIndex: 'category' },
            {
              title: t('help.pageTitle'),
              key: 'title',
              render: (_, row) => <Link to={`/help-pages/${row.id}`}>{row.title}</Link>,
            },
            { title: t('help.sort'), dataIndex: 'sort' },
            {
              title: t('help.state'),
              key: 'published',
              render: (_, row) =>
                row.published ? (
                  <Tag color="green">{t('help.published')}</Tag>
                ) : (
                  <Tag>{t('help.unpublished')}</Tag>
                ),
            },
            { title: t('updatedBy'), key: 'updatedBy', render: (_, row) => row.updatedBy ?? '-' },
            {
              title: t('updatedAt'),
              key: 'updatedAt',
              render: (_, row) => formatDateTime(row.updatedAt),
            },
            {
              title: t('common:actions'),
              key: 'edit',
              render: (_, row) => (
                <Link to={`/help-pages/${row.id}`}>
                  <Button size="small" data-testid={`help-edit-${row.id}`}>
                    {t('common:edit')}
                  </Button>
                </Link>
              ),
            },
          ]}
        />
      )}
    </ListPage>
  );
}
