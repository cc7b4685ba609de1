import {
  App,
  Button,
  Card,
  Col,
  Flex,
  Form,
  Input,
  InputNumber,
  Result,
  Row,
  Select,
  Skeleton,
  Switch,
  Typography,
} from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  LANGUAGES,
  adminCreateHelpPageEndpoint,
  adminHelpPageEndpoint,
  adminUpdateHelpPageEndpoint,
  type AdminHelpPage,
  type Language,
} from '@lobby/contracts';
import { BrandField } from '../../components/brand-field.tsx';
import { QueryError } from '../../components/query-error.tsx';
import type { ApiError } from '../../lib/api-client.ts';
import { useEndpointMutation, useEndpointQuery } from '../../lib/api-context.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { MarkdownEditor, MarkdownPreview } from './markdown-editor.tsx';

const ID = /^[1-9]\d{0,17}$/;

type Values = {
  brand: string;
  language: Language;
  category: string;
  title: string;
  sort: number;
  published: boolean;
  markdown: string;
  reason?: string;
};

/**
 * /help-pages/new and /help-pages/:id: a help page's fields and its Markdown, with the page as
 * members will see it beside the editor (rendered by the server as the site renders it).
 */
export default function HelpPageEditorPage() {
  const { t } = useTranslation('content');
  const { id } = useParams();
  const [search] = useSearchParams();
  const isNew = id === undefined;
  const valid = isNew || ID.test(id);
  const page = useEndpointQuery(
    adminHelpPageEndpoint,
    { params: { id: id ?? '' } },
    { enabled: !isNew && valid },
  );
  const brand = page.data?.brand ?? search.get('brand') ?? '';
  const back = (
    <Link to={`/help-pages${brand ? `?brand=${encodeURIComponent(brand)}` : ''}`}>
      <Button icon={<ArrowLeftOutlined />}>{t('help.back')}</Button>
    </Link>
  );
  if (!valid || page.error?.code === 'help_page_not_found') {
    return <Result status="404" title={t('help.notFound')} extra={back} />;
  }
  if (!isNew && page.isPending) {
    return (
      <Card aria-busy="true">
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  }
  if (page.isError) return <QueryError error={page.error} onRetry={() => void page.refetch()} />;
  return (
    <Flex vertical gap={16}>
      <Flex gap={12} align="center" wrap>
        {back}
        <Typography.Title level={3} style={{ margin: 0 }}>
          {isNew ? t('help.new') : t('help.editTitle', { id })}
        </Typography.Title>
      </Flex>
      {/* Kept mounted across saves (keyed by the page, not its version): a save refreshes the
          page, and a remount would drop the save's own success message. */}
      <HelpPageForm key={page.data?.id ?? 'new'} page={page.data} brand={brand} />
    </Flex>
  );
}

function HelpPageForm({ page, brand }: { page: AdminHelpPage | undefined; brand: string }) {
  const { t } = useTranslation('content');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const create = useEndpointMutation(adminCreateHelpPageEndpoint);
  const update = useEndpointMutation(adminUpdateHelpPageEndpoint);
  const markdown = Form.useWatch('markdown', form) ?? page?.markdown ?? '';
  const chosenBrand = (Form.useWatch('brand', form) as string | undefined) ?? brand;

  // The server's refusal, on the fields it names too.
  const fail = (error: ApiError) => {
    if (error.fields?.length) {
      form.setFields(
        error.fields.map((field) => ({
          name: field.path.split('.')[0] as keyof Values,
          errors: [error.message],
        })),
      );
    }
    void message.error(error.message);
  };

  const submit = (values: Values) => {
    const { reason, brand: code, ...fields } = values;
    const note = reason?.trim() ? { reason: reason.trim() } : {};
    if (!page) {
      create.mutate(
        { body: { brand: code, ...fields, ...note } },
        {
          onSuccess: (created) => {
            void message.success(t('help.created'));
            void navigate(`/help-pages/${created.id}`, { replace: true });
          },
          onError: fail,
        },
      );
      return;
    }
    update.mutate(
      { params: { id: page.id }, body: { ...fields, ...note } },
      { onSuccess: () => void message.success(t('help.saved')), onError: fail },
    );
  };

  return (
    <Form<Values>
      form={form}
      name="help"
      layout="vertical"
      onFinish={submit}
      initialValues={{
        brand,
        language: page?.language ?? 'zh-CN',
        category: page?.category ?? '',
        title: page?.title ?? '',
        sort: page?.sort ?? 0,
        published: page?.published ?? true,
        markdown: page?.markdown ?? '',
      }}
    >
      <Card size="small">
        <Row gutter={16}>
          <Col xs={24} md={8} xl={4}>
            <Form.Item name="brand" label={t('common:brand')} rules={[{ required: true }]}>
              {page ? <Input disabled /> : <BrandField />}
            </Form.Item>
          </Col>
          <Col xs={24} md={8} xl={4}>
            <Form.Item name="language" label={t('help.language')} rules={[{ required: true }]}>
              <Select
                options={LANGUAGES.map((language) => ({
                  value: language,
                  label: t(`languages.${language}`),
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8} xl={4}>
            <Form.Item
              name="category"
              label={t('help.category')}
              tooltip={t('help.categoryHint')}
              rules={[
                { required: true, message: t('help.categoryRule') },
                { pattern: /^[a-z0-9][a-z0-9-]{0,39}$/, message: t('help.categoryRule') },
              ]}
            >
              <Input maxLength={40} placeholder="deposit" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item
              name="title"
              label={t('help.pageTitle')}
              rules={[{ required: true, whitespace: true, message: t('help.titleRule') }]}
            >
              <Input maxLength={120} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6} xl={3}>
            <Form.Item name="sort" label={t('help.sort')} tooltip={t('help.sortHint')}>
              <InputNumber
                min={-1_000_000}
                max={1_000_000}
                precision={0}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6} xl={3}>
            <Form.Item name="published" label={t('help.published')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Row gutter={16} style={{ marginTop: 16 }}>
        <Col xs={24} lg={12}>
          <Card size="small" title={t('editor.markdown')} style={{ height: '100%' }}>
            <Form.Item name="markdown" noStyle>
              <MarkdownEditor />
            </Form.Item>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <MarkdownPreview brand={chosenBrand} markdown={markdown} />
        </Col>
      </Row>
      <Card size="small" style={{ marginTop: 16 }}>
        <Flex gap={16} align="end" wrap>
          <Form.Item
            name="reason"
            label={t('common:reason')}
            style={{ flex: 1, minWidth: 240, margin: 0 }}
          >
            <Input maxLength={200} placeholder={t('common:reasonPlaceholder')} />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            loading={create.isPending || update.isPending}
            data-testid="help-save"
          >
            {t('common:save')}
          </Button>
        </Flex>
        {page ? (
          <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
            {t('help.lastChange', {
              by: page.updatedBy ?? '-',
              at: formatDateTime(page.updatedAt),
            })}
          </Typography.Text>
        ) : null}
      </Card>
    </Form>
  );
}
