// Small DOM and money helpers shared by the game modules.

import { has, t } from './i18n.js';

/** el('div', {class: 'x', 'data-testid': 'y', onclick: fn}, child, 'text', ...) */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === 'class') node.className = value;
    else if (name === 'text') node.textContent = value;
    else if (name.startsWith('on') && typeof value === 'function') {
      node.addEventListener(name.slice(2), value);
    } else if (value === true) node.setAttribute(name, '');
    else node.setAttribute(name, String(value));
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

export function clear(node, ...children) {
  node.replaceChildren();
  append(node, children);
  return node;
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether the visitor asked for less motion: animations then take a fraction of the time. */
export const reducedMotion =
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

export const pause = (ms) => sleep(reducedMotion ? Math.min(ms, 60) : ms);

const SCALES = { CNY: 2, USDT: 6 };

/** Money of a currency: minor units (strings or bigint) to text and typed text to minor units. */
export function createMoney(currency) {
  const scale = SCALES[currency] ?? 2;
  const unit = 10n ** BigInt(scale);
  // USDT shows 2 decimals unless more are needed; CNY always 2.
  const shown = Math.min(scale, 2);
  return {
    currency,
    scale,
    /** 123456 -> "1,234.56". */
    format(minor) {
      let value = BigInt(minor ?? 0);
      const negative = value < 0n;
      if (negative) value = -value;
      const whole = (value / unit).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
      let fraction = (value % unit).toString().padStart(scale, '0');
      while (fraction.length > shown && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
      return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
    },
    /** Plain amount text of minor units for an input: 1000 -> "10.00". */
    input(minor) {
      return this.format(minor).replace(/,/g, '');
    },
    /** "10", "10.5", "10.50" -> minor units (bigint); null when it is not an amount. */
    parse(text) {
      const value = String(text ?? '')
        .trim()
        .replace(/,/g, '');
      const match = /^(\d{1,15})(?:\.(\d*))?$/.exec(value);
      if (!match) return null;
      const fraction = match[2] ?? '';
      if (fraction.length > scale) return null;
      return BigInt(match[1]) * unit + BigInt(fraction.padEnd(scale, '0') || '0');
    },
  };
}

/** A playing card from its text ("AS", "10H", "KD"). */
export function cardNode(text, { hidden = false, small = false } = {}) {
  const suit = text.slice(-1);
  const rank = text.slice(0, -1);
  const symbol = { S: '♠', H: '♥', C: '♣', D: '♦' }[suit] ?? '?';
  const red = suit === 'H' || suit === 'D';
  const node = el(
    'div',
    {
      class: `card${red ? ' red' : ''}${small ? ' small' : ''}${hidden ? ' back' : ''}`,
      'data-card': text,
      'aria-label': `${rank}${symbol}`,
    },
    el('span', { class: 'rank', text: rank }),
    el('span', { class: 'suit', text: symbol }),
  );
  return node;
}

/** "12:30:05" in the visitor's time zone. */
export function clock(iso) {
  const date = new Date(iso);
  const pad = (n) => String(n).padStart(2, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

export function percent(fraction, digits = 2) {
  return `${(Number(fraction) * 100).toFixed(digits)}%`;
}

/** Quick amount buttons (in whole currency units) that fit between the limits. */
export function chipValues(limits, money) {
  const min = BigInt(limits?.minMinor ?? '100');
  const max = BigInt(limits?.maxMinor ?? '100000');
  const unit = 10n ** BigInt(money.scale);
  const candidates = [1n, 2n, 5n, 10n, 20n, 50n, 100n, 500n, 1000n].map((n) => n * unit);
  const values = candidates.filter((v) => v >= min && v <= max);
  if (min < unit) values.unshift(min);
  return values.slice(0, 7);
}

/** A t() text for an error (ApiError or code). */
export function errorText(error, vars = {}) {
  const code = typeof error === 'string' ? error : (error?.code ?? 'internal');
  const reason = typeof error === 'object' ? error?.reason : undefined;
  // An engine's refusal (invalid_params with code stake_below_min...) reads better than the
  // general error; a wallet's own reason may be unknown here, then the general text stands.
  if (reason && has(`err_${reason}`)) return t(`err_${reason}`, vars);
  const key = `err_${code}`;
  const text = t(key, vars);
  if (text !== key) return text;
  const message = typeof error === 'object' && error?.message ? error.message : '';
  return message && message !== code ? `${message} (${code})` : t('err_internal');
}
