import { describe, expect, it } from 'vitest';
import { fillText, toLines } from './fill-text.ts';

describe('fillText', () => {
  it('fills placeholders in order', () => {
    expect(fillText('存款 %v 元，还需 %v 倍流水', ['100.00', 3])).toBe(
      '存款 100.00 元，还需 3 倍流水',
    );
    expect(fillText('%v%v%v', ['a', 'b', 'c'])).toBe('abc');
    expect(fillText('big %v', [12345678901234567890n])).toBe('big 12345678901234567890');
  });

  it('leaves a text without placeholders alone', () => {
    expect(fillText('plain', ['x'])).toBe('plain');
    expect(fillText('', [])).toBe('');
  });

  it('leaves placeholders without values visible and ignores extra values', () => {
    expect(fillText('%v and %v', ['one'])).toBe('one and %v');
    expect(fillText('%v', ['a', 'b'])).toBe('a');
  });

  it('does not scan inserted values again', () => {
    expect(fillText('%v / %v', ['%v', 'x'])).toBe('%v / x');
  });

  it('inserts values literally, even replacement patterns and markup', () => {
    expect(fillText('%v', ['$&$1'])).toBe('$&$1');
    expect(fillText('%v', ['<b>x</b>'])).toBe('<b>x</b>');
  });

  it('does not treat lookalikes as placeholders', () => {
    expect(fillText('%V % v %%v', ['x'])).toBe('%V % v %x');
  });
});

describe('toLines', () => {
  it('splits at every kind of newline', () => {
    expect(toLines('a\nb\r\nc\rd')).toEqual(['a', 'b', 'c', 'd']);
  });

  it('keeps empty lines, so blank lines still show', () => {
    expect(toLines('a\n\nb')).toEqual(['a', '', 'b']);
    expect(toLines('a\n')).toEqual(['a', '']);
  });

  it('gives one line for a text without newlines', () => {
    expect(toLines('one')).toEqual(['one']);
    expect(toLines('')).toEqual(['']);
  });

  it('works after filling', () => {
    expect(toLines(fillText('第%v行\n第%v行', [1, 2]))).toEqual(['第1行', '第2行']);
  });
});
