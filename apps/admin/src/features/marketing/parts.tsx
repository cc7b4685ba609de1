import { useEffect, useState, type CSSProperties } from 'react';
import {
  Alert,
  Button,
  Empty,
  Flex,
  Form,
  Image,
  Input,
  Space,
  Tabs,
  type FormInstance,
} from 'antd';
import { CalendarOutlined, GiftOutlined, RightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LANGUAGES, adminPromoPreviewEndpoint, type Language } from '@lobby/contracts';
import { BrandField } from '../../components/brand-field.tsx';
import { useApi } from '../../lib/api-context.tsx';
import { useOperator } from '../../lib/operator-context.tsx';
import type { FieldErrors } from './promo-form.ts';

/** The brand of a marketing screen: the URL's, else the operator's only (or first) brand. */
export function useBrandParam(): [string, (brand: string | undefined) => void] {
  const [search, setSearch] = useSearchParams();
  const operator = useOperator();
  const fallback = operator.brands === 'all' ? '' : (operator.brands[0] ?? '');
  const brand = search.get('brand') || fallback;
  return [
    brand,
    (next) => {
      const params = new URLSearchParams(search);
      if (next) params.set('brand', next);
      else params.delete('brand');
      setSearch(params);
    },
  ];
}

/** A brand picker with its Load button; the screens below it need a brand. */
export function BrandPicker({
  brand,
  onChange,
}: {
  brand: string;
  onChange: (brand: string | undefined) => void;
}) {
  const { t } = useTranslation('marketing');
  const [typed, setTyped] = useState<string | undefined>(brand || undefined);
  return (
    <Space wrap>
      <span>{t('common:brand')}</span>
      <BrandField value={typed} onChange={setTyped} />
      <Button type="primary" disabled={!typed} onClick={() => onChange(typed)}>
        {t('load')}
      </Button>
    </Space>
  );
}

export function PickBrand() {
  const { t } = useTranslation('marketing');
  return <Alert type="info" showIcon title={t('pickBrand')} />;
}

/** The languages' names in the console's language. */
export const LANGUAGE_KEYS: Record<Language, string> = {
  'zh-CN': 'languages.zhCN',
  'zh-TW': 'languages.zhTW',
  en: 'languages.en',
};

/**
 * Localized texts of a form, one tab per language of the contract: a one-line field (title,
 * name) and, when given, a multi-line one (body, Markdown for promotions).
 */
export function LanguageTabs({
  line,
  lineLabel,
  second,
  secondLabel,
  area,
  areaLabel,
  areaHint,
  activeKey,
  onTab,
}: {
  line: string;
  lineLabel: string;
  second?: string;
  secondLabel?: string;
  area?: string;
  areaLabel?: string;
  areaHint?: string;
  activeKey?: Language;
  onTab?: (language: Language) => void;
}) {
  const { t } = useTranslation('marketing');
  return (
    <Tabs
      activeKey={activeKey}
      onChange={(key) => onTab?.(key as Language)}
      items={LANGUAGES.map((language) => ({
        key: language,
        label: t(LANGUAGE_KEYS[language]),
        forceRender: true,
        children: (
          <>
            <Form.Item name={[line, language]} label={lineLabel}>
              <Input maxLength={200} data-testid={`${line}-${language}`} />
            </Form.Item>
            {second ? (
              <Form.Item name={[second, language]} label={secondLabel}>
                <Input maxLength={200} data-testid={`${second}-${language}`} />
              </Form.Item>
            ) : null}
            {area ? (
              <Form.Item name={[area, language]} label={areaLabel} extra={areaHint}>
                <Input.TextArea rows={6} data-testid={`${area}-${language}`} />
              </Form.Item>
            ) : null}
          </>
        ),
      }))}
    />
  );
}

/** Puts errors on a form's fields (clearing with `errors: []`), whatever the form's value type. */
export function setFieldErrors<Values>(form: FormInstance<Values>, errors: FieldErrors): void {
  form.setFields(errors as unknown as Parameters<FormInstance<Values>['setFields']>[0]);
}

/** Every issue the contract's schema found, by field: the form shows them at the fields too. */
export function SchemaErrors({ errors }: { errors: FieldErrors }) {
  const { t } = useTranslation('marketing');
  if (errors.length === 0) return null;
  return (
    <Alert
      type="error"
      showIcon
      data-testid="schema-errors"
      title={t('schemaErrors')}
      description={
        <ul style={{ margin: 0, paddingLeft: 18 }}>
          {errors.map((field) => (
            <li key={JSON.stringify(field.name)}>
              <code>{field.name.join('.')}</code>: {field.errors.join('; ')}
            </li>
          ))}
        </ul>
      }
    />
  );
}

/** An image address shown as the picture it names (or a note that there is none). */
export function ImagePreview({ url, height = 90 }: { url: string | undefined; height?: number }) {
  const { t } = useTranslation('marketing');
  if (!url?.trim()) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noImage')} />;
  }
  return (
    <span data-testid="image-preview">
      <Image
        src={url}
        height={height}
        style={{ objectFit: 'cover', maxWidth: '100%', borderRadius: 8 }}
        alt=""
      />
    </span>
  );
}

/** The member site's own words around a promotion card, in its three languages. */
const MEMBER_WORDS: Record<Language, { period: string; longTerm: string; viewDetail: string }> = {
  'zh-CN': { period: '{{from}} 至 {{to}}', longTerm: '长期有效', viewDetail: '查看详情' },
  'zh-TW': { period: '{{from}} 至 {{to}}', longTerm: '長期有效', viewDetail: '查看詳情' },
  en: { period: '{{from}} to {{to}}', longTerm: 'Ongoing', viewDetail: 'Details' },
};

/** The member site's default theme (apps/web/src/styles/tokens.css). */
const SITE = {
  primary: '#d4a94f',
  onPrimary: '#1b1305',
  bg: '#0b0d12',
  surface: '#151922',
  text: '#eef0f5',
  muted: '#8d95a8',
  line: 'rgb(238 240 245 / 0.09)',
  gradient: 'linear-gradient(135deg, #ddbd7a, #d4a94f 48%, #a1803c)',
};

const card: CSSProperties = {
  display: 'flex',
  flexDirection: 'column',
  overflow: 'hidden',
  border: `1px solid ${SITE.line}`,
  borderRadius: 14,
  background: SITE.surface,
  color: SITE.text,
  maxWidth: 360,
};

/**
 * The promotion as the member site shows it: its card in the activity list (picture, title,
 * summary, period) and, below, the detail's body rendered by the API with the member site's
 * renderer (the preview call), in the theme's default colours.
 */
export function MemberPreview({
  brand,
  language,
  title,
  summary,
  body,
  imageUrl,
  startsAt,
  endsAt,
}: {
  brand: string;
  language: Language;
  title: string;
  summary: string;
  body: string;
  imageUrl: string;
  startsAt: string | undefined;
  endsAt: string | null | undefined;
}) {
  const { t } = useTranslation('marketing');
  const words = MEMBER_WORDS[language];
  const html = useMarkdownPreview(brand, body);
  const day = (iso: string | undefined | null) => (iso ? iso.slice(0, 10) : '');
  return (
    <Flex
      vertical
      gap={12}
      style={{ background: SITE.bg, padding: 16, borderRadius: 12 }}
      data-testid="member-preview"
    >
      <div style={card} data-testid="member-preview-card">
        <span
          style={{
            display: 'grid',
            placeItems: 'center',
            aspectRatio: '10 / 3',
            background: SITE.gradient,
            color: SITE.onPrimary,
            fontSize: 32,
          }}
        >
          {imageUrl ? (
            <img
              src={imageUrl}
              alt=""
              style={{ width: '100%', height: '100%', objectFit: 'cover' }}
            />
          ) : (
            <GiftOutlined style={{ fontSize: 40 }} />
          )}
        </span>
        <span style={{ display: 'grid', gap: 6, padding: '14px 16px 8px' }}>
          <strong style={{ fontSize: 16 }}>{title || t('previewNoTitle')}</strong>
          <small style={{ color: SITE.muted, fontSize: 13 }}>{summary}</small>
          <span style={{ color: SITE.muted, fontSize: 13 }}>
            <CalendarOutlined />{' '}
            {endsAt
              ? words.period.replace('{{from}}', day(startsAt)).replace('{{to}}', day(endsAt))
              : words.longTerm}
          </span>
        </span>
        <span
          style={{
            alignSelf: 'flex-end',
            padding: '0 16px 14px',
            color: SITE.primary,
            fontSize: 13,
          }}
        >
          {words.viewDetail} <RightOutlined style={{ fontSize: 11 }} />
        </span>
      </div>
      {html ? (
        <div
          className="member-preview-body"
          style={{
            background: SITE.surface,
            color: SITE.text,
            borderRadius: 14,
            padding: '4px 16px',
            border: `1px solid ${SITE.line}`,
          }}
          // The API's member renderer: raw HTML escaped, only safe links (promo preview call).
          dangerouslySetInnerHTML={{ __html: html }}
        />
      ) : null}
    </Flex>
  );
}

/** The body's HTML from the API's renderer, asked for a moment after typing stops. */
function useMarkdownPreview(brand: string, markdown: string): string {
  const api = useApi();
  const [settled, setSettled] = useState(markdown);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(markdown), 300);
    return () => clearTimeout(timer);
  }, [markdown]);
  const preview = useQuery({
    queryKey: ['POST', adminPromoPreviewEndpoint.path, brand, settled],
    queryFn: ({ signal }) =>
      api.call(adminPromoPreviewEndpoint, { body: { brand, markdown: settled }, signal }),
    enabled: brand !== '' && settled.trim() !== '',
    staleTime: Infinity,
    placeholderData: (previous) => previous,
  });
  return markdown.trim() === '' ? '' : (preview.data?.html ?? '');
}
