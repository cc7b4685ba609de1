import { afterEach, describe, expect, it, vi } from 'vitest';
import { imagePath, resetWebpSupport, supportsWebp } from './image-path.ts';

const ORIGIN = 'https://www.example.com';

function canvasReturning(dataUrl: string) {
  const toDataURL = vi.fn(() => dataUrl);
  return { toDataURL, create: () => ({ toDataURL }) as unknown as HTMLCanvasElement };
}

afterEach(() => {
  resetWebpSupport();
});

describe('supportsWebp', () => {
  it('is true when the canvas encodes webp', () => {
    const canvas = canvasReturning('data:image/webp;base64,UklGR');
    expect(supportsWebp(canvas.create)).toBe(true);
    expect(canvas.toDataURL).toHaveBeenCalledWith('image/webp');
  });

  it('is false when the canvas falls back to png', () => {
    expect(supportsWebp(canvasReturning('data:image/png;base64,iVBOR').create)).toBe(false);
  });

  it('is false when there is no canvas', () => {
    expect(
      supportsWebp(() => {
        throw new Error('no canvas');
      }),
    ).toBe(false);
  });

  it('detects once and remembers', () => {
    const canvas = canvasReturning('data:image/webp;base64,x');
    supportsWebp(canvas.create);
    expect(supportsWebp(canvasReturning('data:image/png;base64,x').create)).toBe(true);
    expect(canvas.toDataURL).toHaveBeenCalledTimes(1);
  });

  it('uses a real canvas by default', () => {
    expect(typeof supportsWebp()).toBe('boolean');
  });
});

describe('imagePath', () => {
  const own = { origin: ORIGIN };

  it.each([
    // [path, options, expected]
    ['/img/logo.png', { version: '42', webp: true }, '/img/logo.webp?v=42'],
    ['/img/logo.png', { version: '42', webp: false }, '/img/logo.png?v=42'],
    ['img/a.JPG', { version: '1', webp: true }, 'img/a.webp?v=1'],
    ['./a.jpeg', { webp: true }, './a.webp'],
    ['/a.png?size=2', { version: '7', webp: true }, '/a.webp?size=2&v=7'],
    ['/a.png#frag', { version: '7', webp: true }, '/a.webp?v=7#frag'],
    ['/a.png?x=1#frag', { version: '7', webp: false }, '/a.png?x=1&v=7#frag'],
    ['/icons/vip.svg', { version: '3', webp: true }, '/icons/vip.svg?v=3'],
    ['/img/anim.gif', { version: '3', webp: true }, '/img/anim.gif?v=3'],
    ['/img/a.webp', { version: '3', webp: true }, '/img/a.webp?v=3'],
    ['/img/png/a', { version: '3', webp: true }, '/img/png/a?v=3'],
    ['/img/a.png', { version: '', webp: false }, '/img/a.png'],
    ['/img/a.png', { version: null, webp: false }, '/img/a.png'],
    ['/img/a.png', { version: 'a b&c', webp: false }, '/img/a.png?v=a%20b%26c'],
    [`${ORIGIN}/img/a.png`, { version: '5', webp: true }, `${ORIGIN}/img/a.webp?v=5`],
    [
      '//www.example.com/img/a.png',
      { version: '5', webp: true },
      '//www.example.com/img/a.webp?v=5',
    ],
  ] as const)('%s %o -> %s', (path, options, expected) => {
    expect(imagePath(path, { ...own, ...options })).toBe(expected);
  });

  it.each([
    'https://cdn.other.com/a.png',
    'http://www.example.com/a.png', // another scheme is another origin
    'https://www.example.com:8443/a.png',
    '//cdn.other.com/a.png',
    'data:image/png;base64,iVBORw0KGgo=',
    'blob:https://www.example.com/3f1c',
    'javascript:alert(1)',
    '',
  ])('leaves %s alone', (path) => {
    expect(imagePath(path, { ...own, version: '9', webp: true })).toBe(path);
  });

  it('treats absolute addresses as external when the origin is unknown', () => {
    expect(imagePath('https://www.example.com/a.png', { origin: '', version: '1' })).toBe(
      'https://www.example.com/a.png',
    );
    expect(imagePath('/a.png', { origin: '', version: '1', webp: false })).toBe('/a.png?v=1');
  });

  it('uses the page origin and webp detection by default', () => {
    resetWebpSupport();
    supportsWebp(canvasReturning('data:image/webp;base64,x').create);
    expect(imagePath(`${location.origin}/a.png`, { version: '2' })).toBe(
      `${location.origin}/a.webp?v=2`,
    );
  });
});
