import { useState } from 'react';
import { Alert, App, Button, Flex, Form, Input, Modal, Select, Tag } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  CLAIM_STATUSES,
  adminApproveClaimEndpoint,
  adminClaimsEndpoint,
  adminRejectClaimEndpoint,
  type AdminClaim,
} from '@lobby/contracts';
import { BrandField } from '../../components/brand-field.tsx';
import { FilterBar, ListPage, ListTable } from '../../components/list-page.tsx';
import { ReasonAction } from '../../components/reason-action.tsx';
import { useEndpointMutation, useEndpointQuery } from '../../lib/api-context.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { formatMoney } from '../../lib/money.ts';
import { useOperator } from '../../lib/operator-context.tsx';
import { useUrlFilters } from '../../lib/url-filters.ts';
import { PickBrand, setFieldErrors } from './parts.tsx';
import { checkBody, type FieldErrors } from './promo-form.ts';

type FormValues = { brand?: string; status?: string };

const CLAIM_COLOURS: Record<AdminClaim['status'], string> = {
  joined: 'default',
  pending: 'orange',
  paid: 'green',
  rejected: 'red',
};

/** Approve a pending claim: the amount to pay (apply kind; a deposit bonus pays its tier). */
function ApproveClaim({ claim }: { claim: AdminClaim }) {
  const { t } = useTranslation('marketing');
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>([]);
  const [form] = Form.useForm<{ amount?: string; note?: string }>();
  const approve = useEndpointMutation(adminApproveClaimEndpoint);
  function submit() {
    const values = form.getFieldsValue();
    const checked = checkBody(adminApproveClaimEndpoint.body, {
      ...(values.amount?.trim() ? { amount: values.amount.trim() } : {}),
      ...(values.note?.trim() ? { note: values.note.trim() } : {}),
    });
    if (!checked.ok) {
      setFieldErrors(form, checked.errors);
      setErrors(checked.errors);
      return;
    }
    approve.mutate(
      { params: { id: claim.id }, body: checked.value },
      {
        onSuccess: () => {
          void message.success(t('approved'));
          setOpen(false);
        },
        onError: (error) => setErrors([{ name: ['server'], errors: [error.message] }]),
      },
    );
  }
  return (
    <>
      <Button
        size="small"
        type="primary"
        onClick={() => {
          setErrors([]);
          setOpen(true);
        }}
        data-testid={`claim-approve-${claim.id}`}
      >
        {t('approve')}
      </Button>
      <Modal
        open={open}
        title={t('approveClaimTitle', { id: claim.id, username: claim.username })}
        okText={t('common:confirm')}
        cancelText={t('common:cancel')}
        okButtonProps={{ loading: approve.isPending }}
        onOk={submit}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <p>{t('approveClaimBody')}</p>
        <Form form={form} name="approve" layout="vertical">
          {claim.kind === 'apply' ? (
            <Form.Item name="amount" label={t('amount')} extra={t('amountHint')}>
              <Input placeholder="88.00" />
            </Form.Item>
          ) : null}
          <Form.Item name="note" label={t('common:note')}>
            <Input.TextArea rows={3} maxLength={500} />
          </Form.Item>
        </Form>
        {errors.length > 0 ? (
          <Alert type="error" showIcon title={errors.flatMap((field) => field.errors).join('; ')} />
        ) : null}
      </Modal>
    </>
  );
}

/**
 * Promotion claims to review (`promo.manage`): brand and status in the URL, oldest first;
 * approve a pending one (paying through the ledger) or reject it with a note the member sees.
 */
export default function ClaimsPage() {
  const { t } = useTranslation('marketing');
  const operator = useOperator();
  const [filters, setFilters] = useUrlFilters(adminClaimsEndpoint.query);
  const brand = filters.brand ?? (operator.brands === 'all' ? undefined : operator.brands[0]);
  const result = useEndpointQuery(
    adminClaimsEndpoint,
    { query: { ...filters, brand: brand ?? '' } },
    { enabled: !!brand },
  );
  const cleared = { brand: undefined, status: undefined };
  return (
    <ListPage
      title={t('claimsTitle')}
      filters={
        <FilterBar<FormValues>
          key={JSON.stringify(filters)}
          initialValues={{ brand, status: filters.status }}
          onSearch={(values) => setFilters({ ...cleared, ...values })}
          onReset={() => setFilters(cleared)}
        >
          <Form.Item name="brand" label={t('common:brand')}>
            <BrandField />
          </Form.Item>
          <Form.Item name="status" label={t('status')}>
            <Select
              allowClear
              placeholder={t('common:all')}
              style={{ width: 130 }}
              options={CLAIM_STATUSES.map((value) => ({
                value,
                label: t(`claimStatuses.${value}`),
              }))}
            />
          </Form.Item>
        </FilterBar>
      }
    >
      {!brand ? (
        <PickBrand />
      ) : (
        <ListTable<AdminClaim>
          result={result}
          filters={filters}
          onChange={setFilters}
          rowKey="id"
          columns={[
            { title: t('id'), dataIndex: 'id' },
            { title: t('member'), dataIndex: 'username' },
            {
              title: t('promotion'),
              key: 'promotion',
              render: (_, row) => (
                <Link to={`/promotions/${row.promotionId}?brand=${row.brand}`}>
                  #{row.promotionId} {row.title}
                </Link>
              ),
            },
            {
              title: t('kind'),
              key: 'kind',
              render: (_, row) => <Tag color="blue">{t(`kinds.${row.kind}`)}</Tag>,
            },
            {
              title: t('status'),
              key: 'status',
              render: (_, row) => (
                <Tag color={CLAIM_COLOURS[row.status]}>{t(`claimStatuses.${row.status}`)}</Tag>
              ),
            },
            {
              title: t('deposit'),
              key: 'deposit',
              render: (_, row) =>
                row.depositOrderNo
                  ? `${row.depositOrderNo} (${formatMoney(row.depositAmount ?? '')})`
                  : '—',
            },
            {
              title: t('reward'),
              key: 'reward',
              align: 'right',
              render: (_, row) => formatMoney(row.reward),
            },
            {
              title: t('applicationNote'),
              key: 'note',
              render: (_, row) => row.applicationNote ?? '—',
            },
            {
              title: t('createdAt'),
              key: 'createdAt',
              render: (_, row) => formatDateTime(row.createdAt),
            },
            {
              title: t('reviewed'),
              key: 'reviewed',
              render: (_, row) =>
                row.reviewedBy
                  ? `${row.reviewedBy} ${formatDateTime(row.decidedAt)} ${row.reviewNote ?? ''}`
                  : '—',
            },
            {
              title: t('common:actions'),
              key: 'actions',
              render: (_, row) =>
                row.status === 'pending' ? (
                  <Flex gap={8}>
                    <ApproveClaim claim={row} />
                    <ReasonAction
                      endpoint={adminRejectClaimEndpoint}
                      params={{ id: row.id }}
                      reasonField="note"
                      danger
                      label={t('reject')}
                      title={t('rejectClaimTitle', { id: row.id, username: row.username })}
                      description={t('rejectClaimBody')}
                      buttonProps={{ size: 'small' }}
                      successMessage={t('rejected')}
                    />
                  </Flex>
                ) : null,
            },
          ]}
        />
      )}
    </ListPage>
  );
}
