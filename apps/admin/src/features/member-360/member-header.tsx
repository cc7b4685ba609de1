import { useState } from 'react';
import { Alert, App, Button, Flex, Select, Tag, Tooltip, Typography } from 'antd';
import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  adminSetMemberTagsEndpoint,
  MEMBER_TAGS_MAX,
  memberTagSchema,
  type AdminMemberRecord,
  type MemberRestriction,
} from '@lobby/contracts';
import { useEndpointMutation } from '../../lib/api-context.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { useCan } from '../../lib/operator-context.tsx';
import { restrictionsInForce, type RestrictionKind } from './member-state.ts';
import { NS } from './parts.tsx';

const RESTRICTION_COLOURS: Record<RestrictionKind, string> = {
  closed: 'default',
  loginLocked: 'red',
  moneyFrozen: 'geekblue',
};

/** Who set a restriction, when and why: one line in the panel, three in the tooltip. */
function RestrictionText({
  restriction,
  lines = false,
}: {
  restriction: MemberRestriction;
  lines?: boolean;
}) {
  const { t } = useTranslation(NS);
  const values = {
    by: restriction.by ?? t('unknown'),
    at: restriction.at ? formatDateTime(restriction.at) : t('unknown'),
    reason: restriction.reason ?? t('unknown'),
  };
  if (!lines) return <span>{t('restrictionLine', values)}</span>;
  return (
    <Flex vertical>
      <span>{t('restrictionBy', values)}</span>
      <span>{t('restrictionAt', values)}</span>
      <span style={{ wordBreak: 'break-word' }}>{t('restrictionReason', values)}</span>
    </Flex>
  );
}

/** The tags, and their editor for an operator with members.write. */
function MemberTags({ record }: { record: AdminMemberRecord }) {
  const { t } = useTranslation(NS);
  const { message } = App.useApp();
  const canWrite = useCan('members.write');
  const [editing, setEditing] = useState<string[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useEndpointMutation(adminSetMemberTagsEndpoint);

  function submit(tags: string[]) {
    const trimmed = [...new Set(tags.map((tag) => tag.trim()).filter(Boolean))];
    const invalid = trimmed.find((tag) => !memberTagSchema.safeParse(tag).success);
    if (invalid !== undefined) return setProblem(t('tagInvalid', { tag: invalid }));
    if (trimmed.length > MEMBER_TAGS_MAX)
      return setProblem(t('tagsTooMany', { max: MEMBER_TAGS_MAX }));
    setProblem(null);
    save.mutate(
      { params: { id: record.member.id }, body: { tags: trimmed } },
      {
        onSuccess: () => {
          setEditing(null);
          void message.success(t('tagsSaved'));
        },
        onError: (error) => setProblem(error.message),
      },
    );
  }

  if (editing !== null) {
    return (
      <Flex vertical gap={8} style={{ width: '100%' }}>
        <Flex gap={8} wrap align="center">
          <Typography.Text type="secondary">{t('tags')}</Typography.Text>
          <Select
            mode="tags"
            autoFocus
            value={editing}
            onChange={setEditing}
            tokenSeparators={[',', '，']}
            placeholder={t('tagsPlaceholder')}
            open={false}
            suffixIcon={null}
            style={{ flex: '1 1 320px', minWidth: 240, maxWidth: 640 }}
            data-testid="tags-input"
          />
          <Button type="primary" loading={save.isPending} onClick={() => submit(editing)}>
            {t('common:save')}
          </Button>
          <Button
            onClick={() => {
              setEditing(null);
              setProblem(null);
            }}
          >
            {t('common:cancel')}
          </Button>
        </Flex>
        {problem ? <Alert type="error" showIcon title={problem} /> : null}
      </Flex>
    );
  }
  return (
    <Flex gap={8} wrap align="center" data-testid="member-tags">
      <Typography.Text type="secondary">{t('tags')}</Typography.Text>
      {record.tags.length === 0 ? (
        <Typography.Text type="secondary">{t('noTags')}</Typography.Text>
      ) : (
        record.tags.map((tag) => (
          <Tag key={tag} color="purple">
            {tag}
          </Tag>
        ))
      )}
      {canWrite ? (
        <Button
          size="small"
          type="link"
          icon={<EditOutlined />}
          onClick={() => setEditing(record.tags)}
        >
          {t('editTags')}
        </Button>
      ) : null}
    </Flex>
  );
}

/**
 * The head of the member page: username, id, brand, status, the restrictions in force (who,
 * when and why on hover, and in a panel below), VIP level and tags.
 */
export function MemberHeader({ record }: { record: AdminMemberRecord }) {
  const { t } = useTranslation(NS);
  const { member } = record;
  const restrictions = restrictionsInForce(record);
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Flex align="center" gap={8} wrap style={{ minWidth: 0 }}>
          <Typography.Title
            level={3}
            style={{ margin: 0, wordBreak: 'break-all' }}
            data-testid="member-username"
          >
            {member.username}
          </Typography.Title>
          <Typography.Text type="secondary" copyable={{ text: member.id }}>
            {t('memberId', { id: member.id })}
          </Typography.Text>
          <Tag>{member.brand}</Tag>
          <Tag color={member.status === 'active' ? 'green' : 'red'} data-testid="member-status">
            {t(`statuses.${member.status}`)}
          </Tag>
          {restrictions.map(({ kind, restriction }) => (
            <Tooltip key={kind} title={<RestrictionText restriction={restriction} lines />}>
              <Tag color={RESTRICTION_COLOURS[kind]} data-testid={`restriction-${kind}`}>
                {t(`restrictions.${kind}`)}
              </Tag>
            </Tooltip>
          ))}
          <Tag color="gold">{t('vip', { level: member.vipLevel })}</Tag>
        </Flex>
        <Link to="/members">
          <Button icon={<ArrowLeftOutlined />}>{t('backToSearch')}</Button>
        </Link>
      </Flex>
      <MemberTags record={record} />
      {restrictions.length > 0 ? (
        <Alert
          type={record.restrictions.closed || record.restrictions.loginLocked ? 'error' : 'warning'}
          showIcon
          title={t('restrictionsTitle')}
          data-testid="restrictions-panel"
          description={
            <Flex vertical gap={4}>
              {restrictions.map(({ kind, restriction }) => (
                <div key={kind}>
                  <Typography.Text strong>{t(`restrictions.${kind}`)}</Typography.Text>
                  {' — '}
                  <RestrictionText restriction={restriction} />
                </div>
              ))}
            </Flex>
          }
        />
      ) : null}
    </Flex>
  );
}
