import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Flex, Input, Spin, Tooltip, Typography } from 'antd';
import {
  BoldOutlined,
  CodeOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  TableOutlined,
  UnorderedListOutlined,
  FontSizeOutlined,
  MessageOutlined,
} from '@ant-design/icons';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminHelpPreviewEndpoint } from '@lobby/contracts';
import { useApi } from '../../lib/api-context.tsx';
import { applyMarkdown, type MarkdownAction } from './markdown-format.ts';

const ICONS: Record<MarkdownAction, React.ReactNode> = {
  heading: <FontSizeOutlined />,
  bold: <BoldOutlined />,
  italic: <ItalicOutlined />,
  link: <LinkOutlined />,
  bulletList: <UnorderedListOutlined />,
  numberedList: <OrderedListOutlined />,
  quote: <MessageOutlined />,
  code: <CodeOutlined />,
  table: <TableOutlined />,
};

/** How long the preview waits after the last keystroke before it asks the server. */
export const PREVIEW_DELAY_MS = 400;

/** A Markdown text area with a formatting toolbar; a form control (`value`, `onChange`). */
export function MarkdownEditor({
  value = '',
  onChange,
}: {
  value?: string;
  onChange?: (value: string) => void;
}) {
  const { t } = useTranslation('content');
  const area = useRef<TextAreaRef>(null);
  const apply = (action: MarkdownAction) => {
    const element = area.current?.resizableTextArea?.textArea;
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    const next = applyMarkdown(
      action,
      { text: value, start, end },
      {
        text: t('editor.words.text'),
        link: t('editor.words.link'),
        heading: t('editor.words.heading'),
        code: t('editor.words.code'),
      },
    );
    onChange?.(next.text);
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(next.start, next.end);
    });
  };
  return (
    <Flex vertical gap={8}>
      <Flex gap={4} wrap data-testid="markdown-toolbar">
        {(Object.keys(ICONS) as MarkdownAction[]).map((action) => (
          <Tooltip key={action} title={t(`editor.actions.${action}`)}>
            <Button
              size="small"
              icon={ICONS[action]}
              aria-label={t(`editor.actions.${action}`)}
              data-testid={`markdown-${action}`}
              onClick={() => apply(action)}
            />
          </Tooltip>
        ))}
      </Flex>
      <Input.TextArea
        ref={area}
        id="markdown"
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
        // Fixed rows: autoSize measures with a style attribute, which the console's CSP refuses.
        rows={22}
        maxLength={50_000}
        spellCheck={false}
        style={{
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          resize: 'vertical',
        }}
      />
    </Flex>
  );
}

/** The Markdown of `value`, once it has stopped changing for `delay` ms. */
function useDebounced(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * The page as members will see it: the server renders the Markdown with the member site's own
 * renderer and safety rules (POST /admin/api/help/preview), a moment after typing stops.
 */
export function MarkdownPreview({ brand, markdown }: { brand: string; markdown: string }) {
  const { t } = useTranslation('content');
  const api = useApi();
  const settled = useDebounced(markdown, PREVIEW_DELAY_MS);
  const preview = useQuery({
    queryKey: ['help-preview', brand, settled],
    queryFn: ({ signal }) =>
      api.call(adminHelpPreviewEndpoint, { body: { brand, markdown: settled }, signal }),
    placeholderData: keepPreviousData,
    enabled: brand !== '',
  });
  const pending = preview.isFetching || settled !== markdown;
  return (
    <Card
      size="small"
      title={t('editor.preview')}
      extra={pending ? <Spin size="small" /> : null}
      style={{ height: '100%' }}
    >
      {preview.isError ? (
        <Alert type="error" showIcon title={preview.error.message} />
      ) : preview.data?.html ? (
        <Typography>
          <div
            className="help-preview"
            data-testid="help-preview"
            // The server's renderer escapes raw HTML and drops unsafe links (as for the site).
            dangerouslySetInnerHTML={{ __html: preview.data.html }}
          />
        </Typography>
      ) : (
        <Typography.Text type="secondary" data-testid="help-preview-empty">
          {t('editor.previewEmpty')}
        </Typography.Text>
      )}
    </Card>
  );
}
