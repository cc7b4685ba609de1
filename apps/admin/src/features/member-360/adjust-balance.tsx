import { useState } from 'react';
import { Alert, App, Button, Flex, Form, Input, Modal, Radio, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminAdjustBalanceEndpoint, type AdminMemberRecord } from '@lobby/contracts';
import type { ResponseOf } from '../../lib/api-client.ts';
import { useApi } from '../../lib/api-context.tsx';
import { formatMoney } from '../../lib/money.ts';
import {
  balanceAfter,
  checkAmount,
  scaleOf,
  signedAmount,
  toMinor,
  type AdjustDirection,
} from './money-input.ts';
import { NS } from './parts.tsx';

export type AdjustResult = ResponseOf<typeof adminAdjustBalanceEndpoint>;

type Values = { direction: AdjustDirection; amount?: string; reason?: string };

/** A key that makes a retry of the same adjustment safe (the server does it once). */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  const random = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `adj-${Date.now().toString(36)}-${random}`;
}

/**
 * "Adjust balance": a credit or a debit of the centre wallet with the reason the action log
 * keeps. The amount is checked in the currency's scale and the balance after is shown; the
 * server answers the adjustment or, above the brand's threshold, the approval request it
 * became. A failure keeps the modal open with the server's message; a retry of the same amount
 * and direction sends the same idempotency key, so it is never carried out twice.
 */
export function AdjustBalanceAction({
  record,
  onDone,
}: {
  record: AdminMemberRecord;
  onDone: (result: AdjustResult) => void;
}) {
  const { t } = useTranslation(NS);
  const api = useApi();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [key, setKey] = useState(newIdempotencyKey);
  const direction = Form.useWatch('direction', form) ?? 'credit';
  const amount = Form.useWatch('amount', form);
  const { member, balances } = record;
  const scale = scaleOf(balances.wallet);
  const after = balanceAfter(balances.wallet, direction, amount);
  const overdraws = after !== null && (toMinor(after, scale) ?? 0n) < 0n;

  function close() {
    setOpen(false);
    setFailure(null);
    form.resetFields();
  }

  async function submit(values: Values) {
    setBusy(true);
    setFailure(null);
    try {
      const result = await api.call(adminAdjustBalanceEndpoint, {
        params: { username: member.username },
        body: {
          brand: member.brand,
          amount: signedAmount(values.direction, values.amount ?? ''),
          reason: (values.reason ?? '').trim(),
          idempotencyKey: key,
        },
      });
      close();
      setKey(newIdempotencyKey());
      if ('approvalRequest' in result) void message.info(t('adjust.requested'));
      else void message.success(t('common:done'));
      await queryClient.invalidateQueries();
      onDone(result);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="action-adjust">
        {t('actions.adjust')}
      </Button>
      <Modal
        open={open}
        title={t('adjust.title', { username: member.username })}
        okText={t('adjust.submit')}
        cancelText={t('common:cancel')}
        okButtonProps={{ loading: busy }}
        onOk={() => form.submit()}
        onCancel={close}
        destroyOnHidden
      >
        <Form<Values>
          form={form}
          name="adjust"
          layout="vertical"
          initialValues={{ direction: 'credit' }}
          onFinish={(values) => void submit(values)}
          // Another amount or direction is another adjustment: it gets a key of its own.
          onValuesChange={(changed) => {
            if ('amount' in changed || 'direction' in changed) setKey(newIdempotencyKey());
          }}
        >
          <Form.Item name="direction" label={t('adjust.direction')}>
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              options={[
                { value: 'credit', label: t('adjust.credit') },
                { value: 'debit', label: t('adjust.debit') },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="amount"
            label={t('adjust.amount')}
            rules={[
              {
                validator: (_rule, value: string | undefined) => {
                  const problem = checkAmount(value, scale);
                  if (problem === null) return Promise.resolve();
                  const text =
                    problem === 'required'
                      ? t('adjust.amountRequired')
                      : problem === 'zero'
                        ? t('adjust.amountZero')
                        : t('adjust.amountFormat', { scale });
                  return Promise.reject(new Error(text));
                },
              },
            ]}
            extra={
              <Flex vertical>
                <span>
                  {t('adjust.current', {
                    balance: formatMoney(balances.wallet, balances.currency),
                  })}
                </span>
                {after !== null ? (
                  <Typography.Text
                    type={overdraws ? 'danger' : undefined}
                    data-testid="adjust-after"
                  >
                    {t('adjust.after', { balance: formatMoney(after, balances.currency) })}
                    {overdraws ? ` — ${t('adjust.overdraw')}` : ''}
                  </Typography.Text>
                ) : null}
              </Flex>
            }
          >
            <Input
              inputMode="decimal"
              autoComplete="off"
              prefix={direction === 'debit' ? '−' : '+'}
              suffix={balances.currency}
              style={{ maxWidth: 280 }}
            />
          </Form.Item>
          <Form.Item
            name="reason"
            label={t('common:reason')}
            rules={[{ required: true, whitespace: true, message: t('common:reasonRequired') }]}
          >
            <Input.TextArea rows={3} maxLength={500} placeholder={t('common:reasonPlaceholder')} />
          </Form.Item>
        </Form>
        <Alert
          type="info"
          showIcon
          title={t('adjust.threshold')}
          style={{ marginBottom: failure ? 12 : 0 }}
        />
        {failure ? <Alert type="error" showIcon title={failure} /> : null}
      </Modal>
    </>
  );
}
