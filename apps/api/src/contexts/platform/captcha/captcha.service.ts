import { randomBytes, randomInt } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { Cache } from '../../../cache/index.ts';
import { appError } from '../../../lib/app-error.ts';
import { CAPTCHA_ERRORS } from './captcha.errors.ts';

/** How long a captcha may be answered. */
export const CAPTCHA_TTL_MS = 5 * 60_000;
export const CAPTCHA_LENGTH = 4;
/**
 * Letters and digits that cannot be mistaken for one another: no 0/O/o, 1/I/i/l/L, 9/g/q.
 * Answers are compared case-insensitively, so upper and lower case of one letter are the same.
 */
export const CAPTCHA_CHARACTERS = 'ABCDEFGHJKMNPQRSTUVWXYZabcdefhjkmnprstuvwxyz2345678';

const KEY_PATTERN = /^[0-9a-f]{32}$/;

type SvgOptions = {
  width: number;
  height: number;
  fontSize: number;
  noise: number;
  color: boolean;
  background: string;
};

/**
 * svg-captcha's module itself is the renderer of a given text, which its typings leave out. The
 * text is drawn from node:crypto here rather than by the library, which uses Math.random.
 */
const renderCaptcha = svgCaptcha as unknown as (text: string, options: SvgOptions) => string;

const SVG_OPTIONS: SvgOptions = {
  width: 120,
  height: 40,
  fontSize: 44,
  noise: 3,
  color: true,
  background: '#f3f4f6',
};

const cacheKey = (key: string) => `captcha:${key}`;

/**
 * The code that answers every captcha outside production, so browser tests can log in: the
 * `CAPTCHA_TEST_CODE` variable, never honoured when NODE_ENV is production.
 */
export function captchaTestCode(environment: NodeJS.ProcessEnv): string | undefined {
  if (environment.NODE_ENV === 'production') return undefined;
  const code = environment.CAPTCHA_TEST_CODE?.trim();
  return code ? code.toLowerCase() : undefined;
}

/**
 * Graphic captchas: a picture and a key; the answer sits in the cache (shared by every node with
 * Redis) for five minutes and can be checked once, right or wrong.
 */
export class CaptchaService {
  private readonly cache: Cache;
  private readonly testCode: string | undefined;

  constructor(options: { cache: Cache; testCode?: string | undefined }) {
    this.cache = options.cache;
    this.testCode = options.testCode?.trim().toLowerCase() || undefined;
  }

  /** A new captcha: its key, and its picture as an SVG data URL. */
  async create(): Promise<{ key: string; img: string }> {
    let text = '';
    for (let index = 0; index < CAPTCHA_LENGTH; index++) {
      text += CAPTCHA_CHARACTERS[randomInt(CAPTCHA_CHARACTERS.length)];
    }
    const key = randomBytes(16).toString('hex');
    await this.cache.set(cacheKey(key), text.toLowerCase(), CAPTCHA_TTL_MS);
    const svg = renderCaptcha(text, SVG_OPTIONS);
    return { key, img: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  }

  /**
   * Checks an answer, case-insensitively, and uses the captcha up whatever the outcome, so one
   * picture allows one guess. Throws `captcha_wrong` when it is unknown, expired, used or wrong.
   */
  async verify(key: string, code: string): Promise<void> {
    const wrong = () => appError(CAPTCHA_ERRORS, 'captcha_wrong');
    if (!KEY_PATTERN.test(key)) throw wrong();
    const expected = await this.cache.take(cacheKey(key));
    if (expected === null) throw wrong();
    const answer = code.trim().toLowerCase();
    if (answer === expected) return;
    if (this.testCode !== undefined && answer === this.testCode) return;
    throw wrong();
  }
}
