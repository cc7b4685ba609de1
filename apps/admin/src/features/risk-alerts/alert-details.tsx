import {
  App,
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  Form,
  Input,
  List,
  Skeleton,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import {
  adminAddRiskAlertNoteEndpoint,
  adminRiskAlertDetailEndpoint,
  type AdminRiskAlert,
  type CashierNote,
} from '@lobby/contracts';
import { QueryError } from '../../components/query-error.tsx';
import { useEndpointMutation, useEndpointQuery } from '../../lib/api-context.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { labelOf } from '../../lib/labels.ts';

/** The figures of the alert's latest hit, each under its label (an unknown one by its name). */
export function AlertFigures({ alert }: { alert: AdminRiskAlert }) {
  const { t, i18n } = useTranslation('risk-alerts');
  return (
    <Descriptions size="small" column={{ xs: 1, lg: 3 }} bordered data-testid="alert-figures">
      {Object.entries(alert.details).map(([name, value]) => (
        <Descriptions.Item key={name} label={labelOf(i18n, `risk-alerts:details.${name}`, name)}>
          {name === 'blockedUntil' && typeof value === 'string'
            ? formatDateTime(value)
            : String(value ?? '')}
        </Descriptions.Item>
      ))}
      <Descriptions.Item label={t('lastHitAt')}>
        {formatDateTime(alert.lastHitAt)}
      </Descriptions.Item>
      {alert.withdrawalOrderNo ? (
        <Descriptions.Item label={t('withdrawal')}>
          {alert.withdrawalOrderNo}
          {alert.withdrawalHeld ? ` (${t('held')})` : ''}
        </Descriptions.Item>
      ) : null}
      {alert.resolution ? (
        <Descriptions.Item label={t('resolution')} span={3}>
          {alert.resolution} · {alert.resolvedBy} · {formatDateTime(alert.resolvedAt)}
        </Descriptions.Item>
      ) : null}
    </Descriptions>
  );
}

function Notes({ id, notes }: { id: string; notes: CashierNote[] }) {
  const { t } = useTranslation('risk-alerts');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ body: string }>();
  const add = useEndpointMutation(adminAddRiskAlertNoteEndpoint);
  return (
    <Card size="small" title={`${t('notes')} (${notes.length})`} data-testid="alert-notes">
      <Flex vertical gap={12}>
        {notes.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noNotes')} />
        ) : (
          <List<CashierNote>
            size="small"
            dataSource={notes}
            renderItem={(note) => (
              <List.Item data-testid="alert-note">
                <Flex vertical gap={2} style={{ width: '100%' }}>
                  <Flex gap={8} wrap>
                    <Typography.Text strong>{note.author}</Typography.Text>
                    <Typography.Text type="secondary">
                      {formatDateTime(note.createdAt)}
                    </Typography.Text>
                  </Flex>
                  <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
                    {note.body}
                  </Typography.Paragraph>
                </Flex>
              </List.Item>
            )}
          />
        )}
        <Form
          form={form}
          name={`alert-note-${id}`}
          layout="vertical"
          onFinish={(values) =>
            add.mutate(
              { params: { id }, body: { body: values.body.trim() } },
              {
                onSuccess: () => {
                  form.resetFields();
                  void message.success(t('noteAdded'));
                },
                onError: (error) => void message.error(error.message),
              },
            )
          }
        >
          <Form.Item
            name="body"
            rules={[{ required: true, whitespace: true, message: t('noteRequired') }]}
            style={{ marginBottom: 8 }}
          >
            <Input.TextArea
              rows={2}
              maxLength={1000}
              showCount
              placeholder={t('notePlaceholder')}
              data-testid="alert-note-input"
            />
          </Form.Item>
          <Button htmlType="submit" loading={add.isPending} data-testid="alert-add-note">
            {t('addNote')}
          </Button>
        </Form>
      </Flex>
    </Card>
  );
}

/** An expanded queue row: the alert's figures and its notes, read from its detail. */
export function AlertDetails({ alert }: { alert: AdminRiskAlert }) {
  const detail = useEndpointQuery(adminRiskAlertDetailEndpoint, { params: { id: alert.id } });
  if (detail.isError) {
    return <QueryError error={detail.error} onRetry={() => void detail.refetch()} />;
  }
  if (detail.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  return (
    <Flex vertical gap={12}>
      <AlertFigures alert={detail.data} />
      <Notes id={alert.id} notes={detail.data.notes} />
    </Flex>
  );
}
