import { describe, expect, it } from 'vitest';
import { compactJson } from './compact-json.ts';

describe('compactJson', () => {
  it('keeps lists of plain values on one line and indents the rest', () => {
    expect(compactJson({ window: [['L1', 'H2'], ['W']], payoutMinor: '0', lines: [] })).toBe(
      [
        '{',
        '  "window": [',
        '    ["L1", "H2"],',
        '    ["W"]',
        '  ],',
        '  "payoutMinor": "0",',
        '  "lines": []',
        '}',
      ].join('\n'),
    );
  });
});
