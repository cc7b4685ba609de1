import { describe, expect, it } from 'vitest';
import { applyMarkdown, type TextEdit } from './markdown-format.ts';

const words = { text: 'text', link: 'link', heading: 'Heading', code: 'code' };
const at = (text: string, start: number, end = start): TextEdit => ({ text, start, end });

describe('the Markdown toolbar', () => {
  it('wraps the selection in bold, italic and code, selecting the inner text', () => {
    expect(applyMarkdown('bold', at('a word here', 2, 6), words)).toEqual({
      text: 'a **word** here',
      start: 4,
      end: 8,
    });
    expect(applyMarkdown('italic', at('ab', 1), words)).toEqual({
      text: 'a_text_b',
      start: 2,
      end: 6,
    });
    expect(applyMarkdown('code', at('', 0), words).text).toBe('`code`');
  });

  it('turns the selected lines into a heading, a list, a numbered list or a quote', () => {
    const text = 'intro\none\ntwo\nend';
    const start = text.indexOf('one') + 1;
    const end = text.indexOf('two') + 2;
    expect(applyMarkdown('bulletList', at(text, start, end), words).text).toBe(
      'intro\n- one\n- two\nend',
    );
    expect(applyMarkdown('numberedList', at(text, start, end), words).text).toBe(
      'intro\n1. one\n2. two\nend',
    );
    expect(applyMarkdown('heading', at(text, 0), words).text).toBe('## intro\none\ntwo\nend');
    expect(applyMarkdown('quote', at(text, text.length), words).text).toBe(
      'intro\none\ntwo\n> end',
    );
  });

  it('makes a link of the selection with its address selected', () => {
    const result = applyMarkdown('link', at('see here', 4, 8), words);
    expect(result.text).toBe('see [here](https://)');
    expect(result.text.slice(result.start, result.end)).toBe('https://');
  });

  it('inserts a table on lines of its own', () => {
    const result = applyMarkdown('table', at('before', 6), words);
    expect(result.text).toBe('before\n\n| Heading | Heading |\n| --- | --- |\n| text | text |\n\n');
    expect(result.text.slice(result.start, result.end)).toContain('| --- | --- |');
  });
});
