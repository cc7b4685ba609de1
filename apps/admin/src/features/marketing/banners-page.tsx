import { useState } from 'react';
import {
  App,
  Button,
  Col,
  DatePicker,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Switch,
  Table,
  Tag,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  BANNER_PLACEMENTS,
  adminBannersEndpoint,
  adminCreateBannerEndpoint,
  adminDeleteBannerEndpoint,
  adminUpdateBannerEndpoint,
  type AdminBanner,
} from '@lobby/contracts';
import { ListPage } from '../../components/list-page.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { ReasonAction } from '../../components/reason-action.tsx';
import { useEndpointMutation, useEndpointQuery } from '../../lib/api-context.tsx';
import { formatDateTime, fromApiDateTime, toApiDateTime } from '../../lib/dates.ts';
import {
  BrandPicker,
  ImagePreview,
  LanguageTabs,
  PickBrand,
  SchemaErrors,
  setFieldErrors,
  useBrandParam,
} from './parts.tsx';
import {
  bannerValuesOf,
  createBannerBody,
  pickText,
  updateBannerBody,
  type BannerValues,
  type FieldErrors,
} from './promo-form.ts';

type FormValues = Omit<BannerValues, 'startsAt' | 'endsAt'> & {
  startsAt: Dayjs | null;
  endsAt: Dayjs | null;
};

/**
 * The home banners and the popup (the daily notice) of a brand (`promo.manage`): the list with
 * their pictures, a form to add or change one (texts per language, picture with its preview,
 * link, order, window), and delete.
 */
export default function BannersPage() {
  const { t, i18n } = useTranslation('marketing');
  const [brand, setBrand] = useBrandParam();
  const result = useEndpointQuery(adminBannersEndpoint, { query: { brand } }, { enabled: !!brand });
  const [editing, setEditing] = useState<AdminBanner | 'new' | null>(null);
  const columns = [
    { title: t('id'), dataIndex: 'id', key: 'id' },
    {
      title: t('image'),
      key: 'image',
      render: (_: unknown, row: AdminBanner) => <ImagePreview url={row.imageUrl} height={48} />,
    },
    {
      title: t('placement'),
      key: 'placement',
      render: (_: unknown, row: AdminBanner) => (
        <Tag color={row.placement === 'popup' ? 'purple' : 'blue'}>
          {t(`placements.${row.placement}`)}
        </Tag>
      ),
    },
    {
      title: t('promoTitle'),
      key: 'title',
      render: (_: unknown, row: AdminBanner) => pickText(row.title, i18n.language),
    },
    { title: t('linkUrl'), dataIndex: 'linkUrl', key: 'linkUrl' },
    { title: t('sort'), dataIndex: 'sort', key: 'sort', align: 'right' as const },
    {
      title: t('active'),
      key: 'active',
      render: (_: unknown, row: AdminBanner) =>
        row.active ? <Tag color="green">{t('common:yes')}</Tag> : <Tag>{t('common:no')}</Tag>,
    },
    {
      title: t('window'),
      key: 'window',
      render: (_: unknown, row: AdminBanner) =>
        row.startsAt || row.endsAt
          ? `${formatDateTime(row.startsAt) || '…'} – ${formatDateTime(row.endsAt) || '…'}`
          : t('always'),
    },
    {
      title: t('common:actions'),
      key: 'actions',
      render: (_: unknown, row: AdminBanner) => (
        <Flex gap={8}>
          <Button
            size="small"
            onClick={() => setEditing(row)}
            data-testid={`banner-edit-${row.id}`}
          >
            {t('common:edit')}
          </Button>
          <ReasonAction
            endpoint={adminDeleteBannerEndpoint}
            params={{ id: row.id }}
            reason="none"
            danger
            label={t('delete')}
            title={t('deleteBannerTitle', { id: row.id })}
            description={t('deleteBannerBody')}
            buttonProps={{ size: 'small' }}
            successMessage={t('deleted')}
          />
        </Flex>
      ),
    },
  ];
  return (
    <ListPage
      title={t('bannersTitle')}
      extra={
        brand ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing('new')}
            data-testid="banner-create"
          >
            {t('newBanner')}
          </Button>
        ) : null
      }
      filters={<BrandPicker key={brand} brand={brand} onChange={setBrand} />}
    >
      {!brand ? (
        <PickBrand />
      ) : result.isError ? (
        <QueryError error={result.error} onRetry={() => void result.refetch()} />
      ) : (
        <Table<AdminBanner>
          size="middle"
          bordered
          rowKey="id"
          columns={columns}
          dataSource={result.data ?? []}
          loading={result.isFetching}
          scroll={{ x: 'max-content' }}
          pagination={false}
          locale={{ emptyText: t('common:empty') }}
        />
      )}
      {editing ? (
        <BannerForm
          brand={brand}
          banner={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </ListPage>
  );
}

function BannerForm({
  brand,
  banner,
  onClose,
}: {
  brand: string;
  banner: AdminBanner | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('marketing');
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [errors, setErrors] = useState<FieldErrors>([]);
  const [initial] = useState<FormValues>(() => {
    const values = bannerValuesOf(banner);
    return {
      ...values,
      startsAt: fromApiDateTime(values.startsAt),
      endsAt: fromApiDateTime(values.endsAt),
    };
  });
  const imageUrl = Form.useWatch('imageUrl', form) as string | undefined;
  const create = useEndpointMutation(adminCreateBannerEndpoint);
  const update = useEndpointMutation(adminUpdateBannerEndpoint);

  function submit() {
    const form_ = form.getFieldsValue(true) as FormValues;
    const values: BannerValues = {
      ...form_,
      startsAt: toApiDateTime(form_.startsAt) ?? null,
      endsAt: toApiDateTime(form_.endsAt) ?? null,
    };
    const checked = banner ? updateBannerBody(values) : createBannerBody(brand, values);
    setFieldErrors(
      form,
      errors.map((field) => ({ name: field.name, errors: [] as string[] })),
    );
    if (!checked.ok) {
      setFieldErrors(form, checked.errors);
      setErrors(checked.errors);
      return;
    }
    setErrors([]);
    const done = {
      onSuccess: () => {
        void message.success(t('saved'));
        onClose();
      },
      onError: (error: Error) => void message.error(error.message),
    };
    if (banner) update.mutate({ params: { id: banner.id }, body: checked.value }, done);
    else
      create.mutate({ body: checked.value as Parameters<typeof create.mutate>[0]['body'] }, done);
  }

  return (
    <Modal
      open
      width={760}
      title={banner ? t('editBanner', { id: banner.id }) : t('newBanner')}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      okButtonProps={{
        loading: create.isPending || update.isPending,
        ...({ 'data-testid': 'banner-save' } as object),
      }}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<FormValues> form={form} name="banner" layout="vertical" initialValues={initial}>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="placement" label={t('placement')}>
              <Select
                disabled={banner !== null}
                options={BANNER_PLACEMENTS.map((value) => ({
                  value,
                  label: t(`placements.${value}`),
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="sort" label={t('sort')} extra={t('sortHint')}>
              <InputNumber style={{ width: '100%' }} precision={0} />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="active" label={t('active')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <LanguageTabs
          line="title"
          lineLabel={t('promoTitle')}
          area="body"
          areaLabel={t('bannerBody')}
        />
        <Row gutter={16}>
          <Col xs={24} md={14}>
            <Form.Item name="imageUrl" label={t('imageUrl')} extra={t('imageHint')}>
              <Input data-testid="banner-image" />
            </Form.Item>
            <Form.Item name="linkUrl" label={t('linkUrl')} extra={t('linkHint')}>
              <Input data-testid="banner-link" />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <ImagePreview url={imageUrl} height={110} />
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="startsAt" label={t('startsAt')}>
              <DatePicker showTime style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="endsAt" label={t('endsAt')}>
              <DatePicker showTime style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="reason" label={t('common:reason')}>
          <Input.TextArea rows={2} maxLength={200} placeholder={t('common:reasonPlaceholder')} />
        </Form.Item>
        <SchemaErrors errors={errors} />
      </Form>
    </Modal>
  );
}
