import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findRefusedText, hasRefusedCharacter, multiline, multilinePathsOf } from './text.ts';

describe('the text rule', () => {
  it.each([
    ['NUL', '\u0000'],
    ['escape', '\u001b[31m'],
    ['backspace', '\u0008'],
    ['delete', '\u007f'],
    ['a C1 control', '\u0085'],
    ['a lone surrogate', '\ud800'],
  ])('refuses %s anywhere', (_name, text) => {
    expect(hasRefusedCharacter(`a${text}b`, true)).toBe(true);
    expect(hasRefusedCharacter(`a${text}b`, false)).toBe(true);
  });

  it('takes tab and line breaks in multi-line texts only', () => {
    for (const text of ['a\tb', 'a\nb', 'a\r\nb']) {
      expect(hasRefusedCharacter(text, true)).toBe(false);
      expect(hasRefusedCharacter(text, false)).toBe(true);
    }
    expect(hasRefusedCharacter('中文 emoji 😀 ok', false)).toBe(false);
  });

  it('finds the multi-line fields of a schema, through wrappers, arrays and records', () => {
    const schema = z.object({
      name: z.string(),
      note: multiline(z.string().max(10)).optional(),
      pages: z.array(z.object({ body: multiline(z.string()).nullable() })),
      title: z.partialRecord(z.enum(['en', 'zh-CN']), multiline(z.string())),
      nested: z.object({ inner: z.string() }).nullish(),
    });
    expect(multilinePathsOf(schema)).toEqual([['note'], ['pages', '*', 'body'], ['title', '*']]);
    expect(multilinePathsOf(undefined)).toEqual([]);
  });

  it('names the first refused string by its path', () => {
    const paths = multilinePathsOf(
      z.object({ note: multiline(z.string()), items: z.array(z.object({ body: z.string() })) }),
    );
    expect(findRefusedText({ note: 'one\ntwo', name: 'ok' }, paths)).toBeUndefined();
    expect(findRefusedText({ note: 'one\u0000' }, paths)).toEqual({
      path: 'note',
      code: 'control_character',
    });
    expect(findRefusedText({ items: [{ body: 'ok' }, { body: 'a\nb' }] }, paths)).toEqual({
      path: 'items.1.body',
      code: 'control_character',
    });
    expect(findRefusedText({ 'bad\u0000key': 'x' }, paths)).toEqual({
      path: '?',
      code: 'control_character',
    });
    expect(findRefusedText('raw\u0000')).toEqual({ path: '', code: 'control_character' });
  });
});
