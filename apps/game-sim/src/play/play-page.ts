import type { PlayConfig } from './play-api.ts';
import type { Lang } from './session.service.ts';

/**
 * The HTML of the play pages. The shell carries the page's configuration as JSON data (not
 * script) and loads the game pages' module from /play/assets/; the notices are static text in
 * the launch's language.
 */

/**
 * Headers of every play page. The pages may be framed by Lobby's site (any host of any brand),
 * so framing is allowed from anywhere; scripts only from this origin.
 */
export const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  // The launch URL holds a one-time token: it must not leak to other sites.
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
    "img-src 'self' data: blob:; font-src 'self' data:; media-src 'self' data: blob:; " +
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; " +
    'frame-ancestors *',
} as const;

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** JSON that cannot end its <script> element or open a comment inside it. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

export function shellPage(config: PlayConfig): string {
  return `<!doctype html>
<html lang="${escapeHtml(config.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(config.gameName)}</title>
<link rel="stylesheet" href="/play/assets/play.css">
<script type="application/json" id="play-config">${scriptJson(config)}</script>
<script type="module" src="/play/assets/app.js"></script>
</head>
<body>
<div id="app"></div>
</body>
</html>
`;
}

type Notice = { title: string; text: string };

const NOTICES: Record<'gone' | 'unknown' | 'maintenance', Record<Lang, Notice>> = {
  gone: {
    'zh-CN': {
      title: '游戏链接已失效',
      text: '此游戏链接已过期或已被使用。请返回并重新打开游戏。',
    },
    'zh-TW': {
      title: '遊戲連結已失效',
      text: '此遊戲連結已過期或已被使用。請返回並重新開啟遊戲。',
    },
    en: {
      title: 'This game link is no longer valid',
      text: 'It has expired or was already used. Go back and open the game again.',
    },
  },
  unknown: {
    'zh-CN': { title: '找不到游戏', text: '此游戏链接无效。请返回并重新打开游戏。' },
    'zh-TW': { title: '找不到遊戲', text: '此遊戲連結無效。請返回並重新開啟遊戲。' },
    en: {
      title: 'Game not found',
      text: 'This game link is not valid. Go back and open the game again.',
    },
  },
  maintenance: {
    'zh-CN': { title: '游戏维护中', text: '该游戏平台正在维护，请稍后再试。' },
    'zh-TW': { title: '遊戲維護中', text: '該遊戲平台正在維護，請稍後再試。' },
    en: {
      title: 'Under maintenance',
      text: 'This game platform is under maintenance. Please try again later.',
    },
  },
};

export function noticePage(kind: keyof typeof NOTICES, lang: Lang): string {
  const notice = NOTICES[kind][lang];
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(notice.title)}</title>
<style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
font-family:system-ui,sans-serif;background:#101418;color:#e8eaed;text-align:center}
main{padding:24px;max-width:28rem}h1{font-size:1.25rem;margin:0 0 12px}p{margin:0;opacity:.8}
</style>
</head>
<body>
<main><h1>${escapeHtml(notice.title)}</h1><p>${escapeHtml(notice.text)}</p></main>
</body>
</html>
`;
}
