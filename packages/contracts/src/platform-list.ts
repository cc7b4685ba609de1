/** Parses a brand's enabled platform ids, held as an ordered comma list ("3,1,27"). */
export function parsePlatformIdList(list: string): number[] {
  const ids: number[] = [];
  const seen = new Set<number>();
  for (const part of list.split(',')) {
    const text = part.trim();
    if (text === '') continue;
    if (!/^[1-9][0-9]{0,5}$/.test(text)) {
      throw new Error(`platform id list: "${text}" is not a positive integer`);
    }
    const id = Number(text);
    if (!seen.has(id)) {
      seen.add(id);
      ids.push(id);
    }
  }
  return ids;
}

export function formatPlatformIdList(ids: readonly number[]): string {
  return ids.join(',');
}
