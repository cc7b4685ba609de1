import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  App as AntApp,
  Badge,
  Button,
  Card,
  Empty,
  Flex,
  List,
  Segmented,
  Space,
  Tag,
  Typography,
  type ButtonProps,
} from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  adminChatCloseEndpoint,
  adminChatMessagesEndpoint,
  adminChatQueueEndpoint,
  adminChatReadEndpoint,
  adminChatTakeEndpoint,
  type AdminChatConversation,
  type ChatMessage,
  type ChatServerFrame,
} from '@lobby/contracts';
import { BrandField } from '../../components/brand-field.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { ReasonAction } from '../../components/reason-action.tsx';
import { useApi, useEndpointMutation, useEndpointQuery } from '../../lib/api-context.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { useOperator } from '../../lib/operator-context.tsx';
import { useAttention, useChatSocket } from './live.ts';
import { MemberContextPanel } from './member-context-panel.tsx';
import { Bubble, Composer, TransferButton } from './chat-composer.tsx';

type Tab = 'waiting' | 'mine' | 'others';

/**
 * The customer service console: the brand's queue (waiting, mine, other agents' with unread
 * counts), the conversation with its reply box (text, image, canned replies), the member beside
 * it, transfer and close. Everything refreshes from the chat's operator socket; a visitor's
 * message while the tab is not looked at beeps and counts in the tab's title.
 */
export default function ChatConsolePage() {
  const { t, i18n } = useTranslation('service');
  const operator = useOperator();
  const api = useApi();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const defaultBrand = operator.brands === 'all' ? undefined : operator.brands[0];
  const brand = search.get('brand') ?? defaultBrand;
  const selectedId = search.get('c') ?? undefined;
  const [tab, setTab] = useState<Tab>('waiting');
  const { notify, unseen } = useAttention();

  const select = (patch: Record<string, string | undefined>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(patch)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setSearch(next, { replace: true });
  };

  const refresh = (conversationId?: string) => {
    void queryClient.invalidateQueries({ queryKey: ['GET', adminChatQueueEndpoint.path] });
    if (conversationId) {
      void queryClient.invalidateQueries({
        queryKey: ['GET', adminChatMessagesEndpoint.path, { id: conversationId }],
      });
    }
  };

  const live = useChatSocket(brand, api.bearerToken(), i18n.language, (frame: ChatServerFrame) => {
    if (frame.type === 'message') {
      refresh(frame.conversation.id);
      if (frame.message.sender === 'visitor') notify();
    } else if (frame.type === 'conversation') {
      refresh(frame.conversation.id);
    } else if (frame.type === 'read') {
      refresh(frame.conversationId);
    } else if (frame.type === 'ready') {
      // Anything missed while the socket was down.
      refresh(selectedId);
    }
  });

  const queue = useEndpointQuery(
    adminChatQueueEndpoint,
    { query: { brand: brand ?? '' } },
    // The socket says when to look again; this only covers a lost announcement.
    { enabled: Boolean(brand), refetchInterval: 30_000 },
  );

  const lists = useMemo(() => {
    const waiting = queue.data?.waiting ?? [];
    const open = queue.data?.open ?? [];
    return {
      waiting,
      mine: open.filter((row) => row.operatorName === operator.username),
      others: open.filter((row) => row.operatorName !== operator.username),
    };
  }, [queue.data, operator.username]);
  const unreadMine = lists.mine.reduce((sum, row) => sum + row.operatorUnread, 0);

  return (
    <Flex vertical gap={12} style={{ height: 'calc(100vh - 140px)', minHeight: 560 }}>
      <Flex align="center" gap={12} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <BrandField value={brand} onChange={(value) => select({ brand: value, c: undefined })} />
        {brand ? (
          <Badge
            data-testid="chat-live"
            data-state={live}
            status={live === 'online' ? 'success' : live === 'connecting' ? 'processing' : 'error'}
            text={t(`live.${live}`)}
          />
        ) : null}
        {unseen > 0 ? <Tag color="red">{unseen}</Tag> : null}
      </Flex>
      {!brand ? (
        <Empty description={t('chooseBrand')} />
      ) : (
        <Flex gap={12} style={{ flex: 1, minHeight: 0 }}>
          <Card
            size="small"
            style={{ width: 300, flexShrink: 0, display: 'flex', flexDirection: 'column' }}
            styles={{ body: { flex: 1, overflow: 'auto', padding: 8 } }}
            title={
              <Segmented<Tab>
                block
                size="small"
                value={tab}
                onChange={setTab}
                options={(['waiting', 'mine', 'others'] as const).map((key) => ({
                  value: key,
                  label: (
                    <span data-testid={`chat-tab-${key}`}>
                      {t(`tabs.${key}`)} {lists[key].length}
                      {key === 'mine' && unreadMine > 0 ? (
                        <Badge count={unreadMine} size="small" style={{ marginInlineStart: 4 }} />
                      ) : null}
                    </span>
                  ),
                }))}
              />
            }
          >
            {queue.error ? (
              <QueryError error={queue.error} onRetry={() => void queue.refetch()} />
            ) : (
              <QueueList
                rows={lists[tab]}
                selectedId={selectedId}
                loading={queue.isLoading}
                onSelect={(id) => select({ c: id })}
              />
            )}
          </Card>
          {selectedId ? (
            <Conversation
              key={selectedId}
              id={selectedId}
              brand={brand}
              onTaken={() => setTab('mine')}
              onLeft={() => select({ c: undefined })}
            />
          ) : (
            <Card style={{ flex: 1 }}>
              <Empty description={t('pickConversation')} />
            </Card>
          )}
          {selectedId ? <MemberContextPanel conversationId={selectedId} /> : null}
        </Flex>
      )}
    </Flex>
  );
}

function QueueList({
  rows,
  selectedId,
  loading,
  onSelect,
}: {
  rows: AdminChatConversation[];
  selectedId: string | undefined;
  loading: boolean;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation('service');
  return (
    <List<AdminChatConversation>
      size="small"
      loading={loading}
      dataSource={rows}
      locale={{ emptyText: t('emptyQueue') }}
      renderItem={(row) => (
        <List.Item
          data-testid="chat-queue-item"
          data-conversation={row.id}
          onClick={() => onSelect(row.id)}
          style={{
            cursor: 'pointer',
            paddingInline: 8,
            borderRadius: 6,
            background: row.id === selectedId ? 'rgba(22, 119, 255, 0.08)' : undefined,
          }}
        >
          <Flex vertical style={{ width: '100%', minWidth: 0 }} gap={2}>
            <Flex justify="space-between" align="center" gap={8}>
              <Typography.Text strong ellipsis>
                {row.displayName}
                {row.visitorKind === 'guest' ? (
                  <Tag style={{ marginInlineStart: 6 }}>{t('guest')}</Tag>
                ) : null}
              </Typography.Text>
              <Badge count={row.operatorUnread} size="small" data-testid="chat-unread" />
            </Flex>
            <Typography.Text type="secondary" ellipsis data-testid="chat-last">
              {row.lastMessage ? preview(row.lastMessage, t) : ''}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatDateTime(row.lastMessageAt)}
              {row.operatorName ? ` · ${row.operatorName}` : ''}
            </Typography.Text>
          </Flex>
        </List.Item>
      )}
    />
  );
}

function preview(message: ChatMessage, t: TFunction<'service'>): string {
  if (message.sender === 'system') {
    return t(`system.${message.body}`, { name: message.operatorName ?? '' });
  }
  if (message.image && !message.body) return t('imageMessage');
  return message.body;
}

function Conversation({
  id,
  brand,
  onTaken,
  onLeft,
}: {
  id: string;
  brand: string;
  onTaken: () => void;
  onLeft: () => void;
}) {
  const { t } = useTranslation('service');
  const operator = useOperator();
  const { message } = AntApp.useApp();
  const page = useEndpointQuery(adminChatMessagesEndpoint, {
    params: { id },
    query: { limit: 100 },
  });
  const take = useEndpointMutation(adminChatTakeEndpoint);
  const read = useEndpointMutation(adminChatReadEndpoint);
  const bottom = useRef<HTMLDivElement>(null);
  const conversation = page.data?.conversation;
  const messages = page.data?.messages ?? [];
  const lastVisitor = [...messages].reverse().find((row) => row.sender === 'visitor');
  const mine = conversation?.status === 'open' && conversation.operatorName === operator.username;

  // Read marks: what the agent serving it has on screen is read.
  const readMutate = read.mutate;
  useEffect(() => {
    if (!mine || !conversation || !lastVisitor) return;
    if (BigInt(lastVisitor.id) > BigInt(conversation.operatorReadId)) {
      readMutate({ params: { id }, body: { lastId: lastVisitor.id } });
    }
  }, [mine, conversation, lastVisitor, id, readMutate]);

  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [messages.length]);

  if (page.error) {
    return (
      <Card style={{ flex: 1 }}>
        <QueryError error={page.error} onRetry={() => void page.refetch()} />
      </Card>
    );
  }

  return (
    <Card
      size="small"
      loading={page.isLoading}
      style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}
      styles={{ body: { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' } }}
      title={
        conversation ? (
          <Space>
            <span data-testid="chat-conversation-name">{conversation.displayName}</span>
            <Tag
              data-testid="chat-conversation-status"
              color={
                conversation.status === 'open'
                  ? 'green'
                  : conversation.status === 'waiting'
                    ? 'orange'
                    : 'default'
              }
            >
              {conversation.status === 'open'
                ? t('servedBy', { name: conversation.operatorName ?? '' })
                : conversation.status === 'waiting'
                  ? t('waitingStatus')
                  : t('closedStatus')}
            </Tag>
          </Space>
        ) : null
      }
      extra={
        conversation ? (
          <Space>
            {conversation.status === 'waiting' ? (
              <Button
                type="primary"
                data-testid="chat-take"
                loading={take.isPending}
                onClick={() =>
                  take.mutate(
                    { params: { id } },
                    {
                      onSuccess: () => {
                        void message.success(t('taken'));
                        onTaken();
                      },
                      onError: (error) => void message.error(error.message),
                    },
                  )
                }
              >
                {t('take')}
              </Button>
            ) : null}
            {mine ? <TransferButton id={id} brand={brand} onDone={onLeft} /> : null}
            {conversation.status !== 'closed' ? (
              <ReasonAction
                endpoint={adminChatCloseEndpoint}
                params={{ id }}
                reason="optional"
                label={t('close')}
                title={t('closeTitle')}
                description={t('closeDescription')}
                danger
                buttonProps={{ 'data-testid': 'chat-close' } as ButtonProps}
              />
            ) : null}
          </Space>
        ) : null
      }
    >
      <div
        data-testid="chat-messages"
        style={{ flex: 1, overflow: 'auto', padding: '4px 8px', minHeight: 0 }}
      >
        {messages.map((row) => (
          <Bubble key={row.id} message={row} />
        ))}
        <div ref={bottom} />
      </div>
      {conversation && conversation.status !== 'closed' ? (
        mine ? (
          <Composer id={id} brand={brand} />
        ) : conversation.status === 'open' ? (
          <Typography.Text type="secondary">
            {t('notMine', { name: conversation.operatorName ?? '' })}
          </Typography.Text>
        ) : null
      ) : null}
    </Card>
  );
}
