/**
 * The Markdown editor's toolbar, as text edits: each action takes the text and the selection and
 * answers the new text and selection. Kept apart from React so the rules are tested alone.
 */
export const MARKDOWN_ACTIONS = [
  'heading',
  'bold',
  'italic',
  'link',
  'bulletList',
  'numberedList',
  'quote',
  'code',
  'table',
] as const;
export type MarkdownAction = (typeof MARKDOWN_ACTIONS)[number];

export type TextEdit = { text: string; start: number; end: number };

/** Wraps the selection in `before`/`after` (or inserts them around `placeholder`). */
function wrap(edit: TextEdit, before: string, after: string, placeholder: string): TextEdit {
  const selected = edit.text.slice(edit.start, edit.end) || placeholder;
  const text =
    edit.text.slice(0, edit.start) + before + selected + after + edit.text.slice(edit.end);
  const start = edit.start + before.length;
  return { text, start, end: start + selected.length };
}

/** Puts `prefix` (or `prefix(index)`) before every line the selection touches. */
function prefixLines(edit: TextEdit, prefix: (index: number) => string): TextEdit {
  const lineStart = edit.text.lastIndexOf('\n', edit.start - 1) + 1;
  const nextBreak = edit.text.indexOf(
    '\n',
    Math.max(edit.end - (edit.end > edit.start ? 1 : 0), edit.start),
  );
  const lineEnd = nextBreak === -1 ? edit.text.length : nextBreak;
  const lines = edit.text.slice(lineStart, lineEnd).split('\n');
  const changed = lines.map((line, index) => prefix(index) + line).join('\n');
  const text = edit.text.slice(0, lineStart) + changed + edit.text.slice(lineEnd);
  return { text, start: lineStart, end: lineStart + changed.length };
}

/** Inserts a block on lines of its own at the cursor (a blank line before and after). */
function insertBlock(edit: TextEdit, block: string): TextEdit {
  const before = edit.text.slice(0, edit.start);
  const after = edit.text.slice(edit.end);
  const lead =
    before === '' ? '' : before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  const trail = after.startsWith('\n') ? '\n' : '\n\n';
  const start = before.length + lead.length;
  return {
    text: before + lead + block + trail + after.replace(/^\n/, ''),
    start,
    end: start + block.length,
  };
}

export function applyMarkdown(
  action: MarkdownAction,
  edit: TextEdit,
  words: { text: string; link: string; heading: string; code: string },
): TextEdit {
  switch (action) {
    case 'heading':
      return prefixLines(edit, () => '## ');
    case 'bold':
      return wrap(edit, '**', '**', words.text);
    case 'italic':
      return wrap(edit, '_', '_', words.text);
    case 'link': {
      const selected = edit.text.slice(edit.start, edit.end) || words.link;
      const inserted = `[${selected}](https://)`;
      const text = edit.text.slice(0, edit.start) + inserted + edit.text.slice(edit.end);
      // The address is selected, ready to be typed over.
      const start = edit.start + selected.length + 3;
      return { text, start, end: start + 'https://'.length };
    }
    case 'bulletList':
      return prefixLines(edit, () => '- ');
    case 'numberedList':
      return prefixLines(edit, (index) => `${index + 1}. `);
    case 'quote':
      return prefixLines(edit, () => '> ');
    case 'code':
      return wrap(edit, '`', '`', words.code);
    case 'table':
      return insertBlock(
        edit,
        [
          `| ${words.heading} | ${words.heading} |`,
          '| --- | --- |',
          `| ${words.text} | ${words.text} |`,
        ].join('\n'),
      );
  }
}
