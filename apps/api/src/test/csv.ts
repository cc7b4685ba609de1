/**
 * A CSV export's answer read back for tests: the byte order mark dropped, RFC 4180 lines split
 * into cells (quoted cells may hold commas, line breaks and doubled quotes), each data row as a
 * record by its header.
 */
export function parseCsv(text: string): { header: string[]; rows: Record<string, string>[] } {
  const lines: string[][] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let index = 0; index < body.length; index += 1) {
    const char = body[index]!;
    if (quoted) {
      if (char === '"' && body[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else if (char === '\r' && body[index + 1] === '\n') {
      cells.push(cell);
      lines.push(cells);
      cells = [];
      cell = '';
      index += 1;
    } else cell += char;
  }
  const [header = [], ...data] = lines;
  return {
    header,
    rows: data.map((line) => Object.fromEntries(header.map((name, at) => [name, line[at] ?? '']))),
  };
}
