import type { CSSProperties } from 'react';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BrandTheme } from '@lobby/contracts';

const COLOR = /^#[0-9a-fA-F]{6}$/;

/** The theme to draw: the edited colours, each one that is not (yet) a colour left as before. */
export function previewTheme(
  edited: Partial<BrandTheme> | undefined,
  saved: BrandTheme,
): BrandTheme {
  const theme = { ...saved };
  for (const key of Object.keys(saved) as (keyof BrandTheme)[]) {
    const value = edited?.[key];
    if (key === 'mode') {
      if (value === 'dark' || value === 'light') theme.mode = value;
    } else if (typeof value === 'string' && COLOR.test(value)) {
      theme[key] = value;
    }
  }
  return theme;
}

/**
 * A small mock of the member site drawn with the edited colours, as the site uses them: the
 * page background, the header with the brand name and its buttons (primary on `onPrimary`),
 * the navigation with the active tab in primary, and cards on `surface` with text and muted
 * text and an accent badge. It changes as the operator types.
 */
export function ThemePreview({
  theme,
  siteName,
  tagline,
  avatarUrl,
  rebateRate,
}: {
  theme: BrandTheme;
  siteName: string;
  tagline: string;
  avatarUrl: string;
  rebateRate: number;
}) {
  const { t } = useTranslation('brands');
  const button: CSSProperties = {
    background: theme.primary,
    color: theme.onPrimary,
    border: 'none',
    borderRadius: 6,
    padding: '4px 12px',
    fontSize: 12,
    fontWeight: 600,
  };
  const nav = ['home', 'live', 'sports', 'slots'] as const;
  return (
    <div data-testid="theme-preview">
      <Typography.Text strong>{t('preview.title')}</Typography.Text>
      <div
        style={{
          marginTop: 8,
          background: theme.background,
          color: theme.text,
          borderRadius: 8,
          overflow: 'hidden',
          border: '1px solid rgba(0,0,0,0.12)',
          colorScheme: theme.mode,
        }}
      >
        <div
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: 8,
            padding: '10px 12px',
            background: theme.surface,
          }}
        >
          {avatarUrl.startsWith('/') || avatarUrl.startsWith('https://') ? (
            <img src={avatarUrl} alt="" width={28} height={28} style={{ borderRadius: 14 }} />
          ) : null}
          <div style={{ flex: 1, minWidth: 0 }}>
            <div style={{ fontWeight: 700, color: theme.primary }}>{siteName}</div>
            <div
              style={{
                fontSize: 11,
                color: theme.mutedText,
                whiteSpace: 'nowrap',
                overflow: 'hidden',
                textOverflow: 'ellipsis',
              }}
            >
              {tagline}
            </div>
          </div>
          <button
            type="button"
            style={{
              ...button,
              background: 'transparent',
              color: theme.primary,
              boxShadow: `inset 0 0 0 1px ${theme.primary}`,
            }}
          >
            {t('preview.login')}
          </button>
          <button type="button" style={button} data-testid="theme-preview-primary">
            {t('preview.register')}
          </button>
        </div>
        <div style={{ display: 'flex', gap: 16, padding: '8px 12px', fontSize: 13 }}>
          {nav.map((key, index) => (
            <span
              key={key}
              style={
                index === 0
                  ? {
                      color: theme.primary,
                      borderBottom: `2px solid ${theme.primary}`,
                      fontWeight: 600,
                    }
                  : { color: theme.mutedText }
              }
            >
              {t(`preview.nav.${key}`)}
            </span>
          ))}
        </div>
        <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 8, padding: 12 }}>
          {[0, 1].map((card) => (
            <div
              key={card}
              style={{
                background: theme.surface,
                borderRadius: 8,
                padding: 10,
                position: 'relative',
              }}
            >
              <div
                style={{
                  height: 48,
                  borderRadius: 6,
                  marginBottom: 8,
                  background: `linear-gradient(135deg, ${theme.primary}, ${theme.accent})`,
                }}
              />
              {card === 0 ? (
                <span
                  style={{
                    position: 'absolute',
                    top: 6,
                    right: 6,
                    background: theme.accent,
                    color: theme.onPrimary,
                    fontSize: 10,
                    borderRadius: 4,
                    padding: '0 4px',
                  }}
                >
                  {t('preview.badge')}
                </span>
              ) : null}
              <div style={{ fontWeight: 600, fontSize: 13 }}>{t('preview.card')}</div>
              <div style={{ fontSize: 11, color: theme.mutedText, marginBottom: 6 }}>
                {t('preview.cardText', { rate: rebateRate })}
              </div>
              <button type="button" style={{ ...button, width: '100%' }}>
                {t('preview.play')}
              </button>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
