import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Col,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Space,
  Switch,
  Table,
  Tag,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  adminCreateGiftEndpoint,
  adminDeleteGiftEndpoint,
  adminGiftsEndpoint,
  adminPromotionsEndpoint,
  adminUpdateGiftEndpoint,
  type AdminGift,
} from '@lobby/contracts';
import { ListPage } from '../../components/list-page.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { ReasonAction } from '../../components/reason-action.tsx';
import { useEndpointMutation, useEndpointQuery } from '../../lib/api-context.tsx';
import { formatMoney } from '../../lib/money.ts';
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
  createGiftBody,
  giftValuesOf,
  pickText,
  updateGiftBody,
  type FieldErrors,
  type GiftValues,
} from './promo-form.ts';

/**
 * The gift catalogue of a gift promotion (`promo.manage`): brand and promotion in the URL, the
 * gifts active or not, add, change and remove (a gift members exchanged is taken off the list
 * rather than deleted, so their records keep it).
 */
export default function GiftsPage() {
  const { t, i18n } = useTranslation('marketing');
  const [brand, setBrand] = useBrandParam();
  const [search, setSearch] = useSearchParams();
  const promotionId = search.get('promotion') ?? '';
  const promotions = useEndpointQuery(
    adminPromotionsEndpoint,
    { query: { brand, kind: 'gift' } },
    { enabled: !!brand },
  );
  const gifts = useEndpointQuery(
    adminGiftsEndpoint,
    { params: { id: promotionId } },
    { enabled: !!brand && promotionId !== '' },
  );
  const [editing, setEditing] = useState<AdminGift | 'new' | null>(null);
  const choose = (id: string | undefined) => {
    const params = new URLSearchParams(search);
    if (id) params.set('promotion', id);
    else params.delete('promotion');
    setSearch(params);
  };
  const columns = [
    { title: t('id'), dataIndex: 'id', key: 'id' },
    {
      title: t('image'),
      key: 'image',
      render: (_: unknown, row: AdminGift) => <ImagePreview url={row.imageUrl} height={40} />,
    },
    {
      title: t('giftName'),
      key: 'name',
      render: (_: unknown, row: AdminGift) => pickText(row.name, i18n.language),
    },
    {
      title: t('giftKind'),
      key: 'kind',
      render: (_: unknown, row: AdminGift) => <Tag>{t(`giftKinds.${row.kind}`)}</Tag>,
    },
    {
      title: t('turnoverCost'),
      key: 'turnoverCost',
      align: 'right' as const,
      render: (_: unknown, row: AdminGift) => formatMoney(row.turnoverCost),
    },
    {
      title: t('reward'),
      key: 'reward',
      align: 'right' as const,
      render: (_: unknown, row: AdminGift) => formatMoney(row.reward),
    },
    {
      title: t('stock'),
      key: 'stock',
      align: 'right' as const,
      render: (_: unknown, row: AdminGift) => row.stock ?? '∞',
    },
    {
      title: t('perMemberLimit'),
      key: 'perMemberLimit',
      render: (_: unknown, row: AdminGift) => row.perMemberLimit ?? '—',
    },
    { title: t('sort'), dataIndex: 'sort', key: 'sort', align: 'right' as const },
    {
      title: t('active'),
      key: 'active',
      render: (_: unknown, row: AdminGift) =>
        row.active ? <Tag color="green">{t('common:yes')}</Tag> : <Tag>{t('common:no')}</Tag>,
    },
    {
      title: t('common:actions'),
      key: 'actions',
      render: (_: unknown, row: AdminGift) => (
        <Flex gap={8}>
          <Button size="small" onClick={() => setEditing(row)}>
            {t('common:edit')}
          </Button>
          <ReasonAction
            endpoint={adminDeleteGiftEndpoint}
            params={{ id: row.id }}
            reason="none"
            danger
            label={t('remove')}
            title={t('removeGiftTitle', { id: row.id })}
            description={t('removeGiftBody')}
            buttonProps={{ size: 'small' }}
            successMessage={t('removed')}
          />
        </Flex>
      ),
    },
  ];
  return (
    <ListPage
      title={t('giftsTitle')}
      extra={
        brand && promotionId ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('newGift')}
          </Button>
        ) : null
      }
      filters={
        <Space wrap size="large">
          <BrandPicker key={brand} brand={brand} onChange={setBrand} />
          {brand ? (
            <Space>
              <span>{t('giftPromotion')}</span>
              <Select
                style={{ minWidth: 260 }}
                value={promotionId || undefined}
                placeholder={t('pickPromotion')}
                loading={promotions.isFetching}
                onChange={choose}
                options={(promotions.data ?? []).map((row) => ({
                  value: row.id,
                  label: `#${row.id} ${pickText(row.title, i18n.language)} (${t(`statuses.${row.status}`)})`,
                }))}
              />
            </Space>
          ) : null}
        </Space>
      }
    >
      {!brand ? (
        <PickBrand />
      ) : promotionId === '' ? (
        <Alert type="info" showIcon title={t('pickPromotion')} />
      ) : gifts.isError ? (
        <QueryError error={gifts.error} onRetry={() => void gifts.refetch()} />
      ) : (
        <Table<AdminGift>
          size="middle"
          bordered
          rowKey="id"
          columns={columns}
          dataSource={gifts.data ?? []}
          loading={gifts.isFetching}
          scroll={{ x: 'max-content' }}
          pagination={false}
          locale={{ emptyText: t('common:empty') }}
        />
      )}
      {editing ? (
        <GiftForm
          promotionId={promotionId}
          gift={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </ListPage>
  );
}

function GiftForm({
  promotionId,
  gift,
  onClose,
}: {
  promotionId: string;
  gift: AdminGift | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('marketing');
  const { message } = App.useApp();
  const [form] = Form.useForm<GiftValues>();
  const [errors, setErrors] = useState<FieldErrors>([]);
  const [initial] = useState(() => giftValuesOf(gift));
  const kind = (Form.useWatch('kind', form) ?? initial.kind) as GiftValues['kind'];
  const imageUrl = Form.useWatch('imageUrl', form) as string | undefined;
  const create = useEndpointMutation(adminCreateGiftEndpoint);
  const update = useEndpointMutation(adminUpdateGiftEndpoint);

  function submit() {
    const values = form.getFieldsValue(true) as GiftValues;
    const checked = gift ? updateGiftBody(values) : createGiftBody(values);
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
    if (gift) update.mutate({ params: { id: gift.id }, body: checked.value }, done);
    else {
      create.mutate(
        {
          params: { id: promotionId },
          body: checked.value as Parameters<typeof create.mutate>[0]['body'],
        },
        done,
      );
    }
  }

  return (
    <Modal
      open
      width={720}
      title={gift ? t('editGift', { id: gift.id }) : t('newGift')}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      okButtonProps={{ loading: create.isPending || update.isPending }}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<GiftValues> form={form} name="gift" layout="vertical" initialValues={initial}>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="kind" label={t('giftKind')}>
              <Select
                disabled={gift !== null}
                options={(['cash', 'item'] as const).map((value) => ({
                  value,
                  label: t(`giftKinds.${value}`),
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="sort" label={t('sort')}>
              <InputNumber style={{ width: '100%' }} precision={0} />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="active" label={t('active')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <LanguageTabs line="name" lineLabel={t('giftName')} />
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="turnoverCost" label={t('turnoverCost')} extra={t('decimalHint')}>
              <Input placeholder="100.00" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="reward" label={t('reward')} extra={t('rewardHint')}>
              <Input placeholder="8.88" disabled={kind !== 'cash'} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="stock" label={t('stock')} extra={t('stockHint')}>
              <InputNumber style={{ width: '100%' }} precision={0} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="perMemberLimit" label={t('perMemberLimit')}>
              <InputNumber style={{ width: '100%' }} precision={0} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={14}>
            <Form.Item name="imageUrl" label={t('imageUrl')} extra={t('imageHint')}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <ImagePreview url={imageUrl} height={90} />
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
