import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * An action-log row's values before and after the change, field by field with the changed ones
 * marked, and the row's other details as JSON. `before`/`after` default to those kept in
 * `details` (older rows).
 */

type Row = { field: string; before: unknown; after: unknown; changed: boolean };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function show(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** The fields of `before` and `after`, in order of first appearance, with what changed. */
export function diffRows(before: unknown, after: unknown): Row[] {
  const left = isRecord(before) ? before : { value: before };
  const right = isRecord(after) ? after : { value: after };
  const fields = [...new Set([...Object.keys(left), ...Object.keys(right)])];
  return fields.map((field) => ({
    field,
    before: left[field],
    after: right[field],
    changed: JSON.stringify(left[field]) !== JSON.stringify(right[field]),
  }));
}

export function JsonDiff({
  before: givenBefore,
  after: givenAfter,
  details = {},
}: {
  before?: unknown;
  after?: unknown;
  details?: Record<string, unknown>;
}) {
  const { t } = useTranslation('common');
  const { before: keptBefore, after: keptAfter, ...rest } = details;
  const before = givenBefore ?? keptBefore;
  const after = givenAfter ?? keptAfter;
  const hasDiff = (before ?? null) !== null || (after ?? null) !== null;
  const restText = Object.keys(rest).length > 0 ? JSON.stringify(rest, null, 2) : null;
  return (
    <div>
      {hasDiff ? (
        <Table<Row>
          size="small"
          pagination={false}
          rowKey="field"
          dataSource={diffRows(before, after)}
          columns={[
            { title: t('field'), dataIndex: 'field', width: 180 },
            {
              title: t('before'),
              key: 'before',
              render: (_, row) => (
                <Typography.Text delete={row.changed} type={row.changed ? 'danger' : undefined}>
                  {show(row.before)}
                </Typography.Text>
              ),
            },
            {
              title: t('after'),
              key: 'after',
              render: (_, row) =>
                row.changed ? (
                  <Typography.Text type="success" strong>
                    {show(row.after)}
                  </Typography.Text>
                ) : (
                  <Typography.Text type="secondary">{t('unchanged')}</Typography.Text>
                ),
            },
          ]}
        />
      ) : null}
      {restText ? (
        <div>
          <Typography.Text type="secondary">{t('details')}</Typography.Text>
          <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {restText}
          </pre>
        </div>
      ) : null}
    </div>
  );
}
