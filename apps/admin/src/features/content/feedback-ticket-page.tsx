import {
  App,
  Avatar,
  Button,
  Card,
  Descriptions,
  Flex,
  Form,
  Image,
  Input,
  Result,
  Skeleton,
  Typography,
} from 'antd';
import { ArrowLeftOutlined, CustomerServiceOutlined, UserOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  adminCloseFeedbackEndpoint,
  adminFeedbackDetailEndpoint,
  adminReplyFeedbackEndpoint,
  type AdminFeedback,
} from '@lobby/contracts';
import { QueryError } from '../../components/query-error.tsx';
import { ReasonAction } from '../../components/reason-action.tsx';
import { useEndpointMutation, useEndpointQuery } from '../../lib/api-context.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { FeedbackStatusTag } from './feedback-parts.tsx';

const ID = /^[1-9]\d{0,17}$/;

/** One entry of the thread: who wrote, when, and what. */
function ThreadEntry({
  who,
  when,
  icon,
  operator,
  children,
  testId,
}: {
  who: string;
  when: string | null;
  icon: ReactNode;
  operator?: boolean;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Flex gap={12} align="start" justify={operator ? 'end' : 'start'} data-testid={testId}>
      {operator ? null : <Avatar icon={icon} />}
      <Card
        size="small"
        style={{ maxWidth: 720, background: operator ? '#f0f7ff' : undefined }}
        title={
          <Flex gap={8} align="baseline" wrap>
            <span>{who}</span>
            <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
              {formatDateTime(when)}
            </Typography.Text>
          </Flex>
        }
      >
        {children}
      </Card>
      {operator ? <Avatar icon={icon} /> : null}
    </Flex>
  );
}

/** The reply box: sends (or replaces) the answer the member reads on the site. */
function ReplyForm({ ticket }: { ticket: AdminFeedback }) {
  const { t } = useTranslation('content');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reply: string }>();
  const reply = useEndpointMutation(adminReplyFeedbackEndpoint);
  return (
    <Card size="small" title={ticket.reply ? t('feedback.replaceReply') : t('feedback.reply')}>
      <Form<{ reply: string }>
        form={form}
        name="reply"
        layout="vertical"
        onFinish={(values) =>
          reply.mutate(
            { params: { id: ticket.id }, body: { reply: values.reply } },
            {
              onSuccess: () => {
                form.resetFields();
                void message.success(t('feedback.replied'));
              },
              onError: (error) => void message.error(error.message),
            },
          )
        }
      >
        <Form.Item
          name="reply"
          rules={[{ required: true, whitespace: true, message: t('feedback.replyRule') }]}
        >
          <Input.TextArea
            rows={4}
            maxLength={2_000}
            showCount
            placeholder={t('feedback.replyHint')}
          />
        </Form.Item>
        <Flex justify="end">
          <Button
            type="primary"
            htmlType="submit"
            loading={reply.isPending}
            data-testid="feedback-send"
          >
            {t('feedback.sendReply')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}

/** A ticket's thread: the member's text and images, the operator's answer, reply and close. */
export default function FeedbackTicketPage() {
  const { t } = useTranslation('content');
  const { id = '' } = useParams();
  const valid = ID.test(id);
  const detail = useEndpointQuery(
    adminFeedbackDetailEndpoint,
    { params: { id } },
    { enabled: valid },
  );
  const back = (
    <Link
      to={detail.data ? `/feedback?brand=${encodeURIComponent(detail.data.brand)}` : '/feedback'}
    >
      <Button icon={<ArrowLeftOutlined />}>{t('feedback.back')}</Button>
    </Link>
  );
  if (!valid || detail.error?.httpStatus === 404) {
    return <Result status="404" title={t('feedback.notFound')} extra={back} />;
  }
  if (detail.isPending) {
    return (
      <Card aria-busy="true">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  if (detail.isError) {
    return <QueryError error={detail.error} onRetry={() => void detail.refetch()} />;
  }
  const ticket = detail.data;
  return (
    <Flex vertical gap={16} data-testid="feedback-ticket">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Flex gap={12} align="center" wrap>
          {back}
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('feedback.detailTitle', { id: ticket.id })}
          </Typography.Title>
          <FeedbackStatusTag status={ticket.status} />
        </Flex>
        {ticket.status === 'closed' ? null : (
          <ReasonAction
            endpoint={adminCloseFeedbackEndpoint}
            params={{ id: ticket.id }}
            body={{}}
            reason="optional"
            label={t('feedback.close')}
            title={t('feedback.closeTitle')}
            description={t('feedback.closeDescription')}
            successMessage={t('feedback.closed')}
            buttonProps={{ id: 'feedback-close' }}
          />
        )}
      </Flex>
      <Card size="small">
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 1, md: 2, lg: 4, xl: 4, xxl: 4 }}
          items={[
            { key: 'member', label: t('feedback.member'), children: ticket.username },
            { key: 'brand', label: t('common:brand'), children: ticket.brand },
            { key: 'category', label: t('feedback.category'), children: ticket.categoryName },
            {
              key: 'seen',
              label: t('feedback.seen'),
              children: ticket.reply
                ? ticket.replyUnseen
                  ? t('feedback.notSeen')
                  : t('feedback.seenYes')
                : '-',
            },
          ]}
        />
      </Card>
      <Flex vertical gap={12}>
        <ThreadEntry
          who={ticket.username}
          when={ticket.createdAt}
          icon={<UserOutlined />}
          testId="feedback-member-entry"
        >
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
            {ticket.content}
          </Typography.Paragraph>
          {ticket.images.length > 0 ? (
            <Image.PreviewGroup>
              <Flex gap={8} wrap style={{ marginTop: 12 }}>
                {ticket.images.map((image) => (
                  <Image
                    key={image.id}
                    src={image.url}
                    width={96}
                    height={96}
                    style={{ objectFit: 'cover' }}
                    alt={t('feedback.image')}
                  />
                ))}
              </Flex>
            </Image.PreviewGroup>
          ) : null}
        </ThreadEntry>
        {ticket.reply ? (
          <ThreadEntry
            who={ticket.repliedBy ?? t('feedback.operator')}
            when={ticket.repliedAt}
            icon={<CustomerServiceOutlined />}
            operator
            testId="feedback-reply-entry"
          >
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
              {ticket.reply}
            </Typography.Paragraph>
          </ThreadEntry>
        ) : (
          <Typography.Text type="secondary">{t('feedback.noReply')}</Typography.Text>
        )}
      </Flex>
      {ticket.status === 'closed' ? (
        <Typography.Text type="secondary">{t('feedback.closedNote')}</Typography.Text>
      ) : (
        <ReplyForm ticket={ticket} />
      )}
    </Flex>
  );
}
