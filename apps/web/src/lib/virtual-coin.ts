import { DEFAULT_VIRTUAL_COIN_NAME, VIRTUAL_COIN_NAMES } from '@lobby/contracts';

/**
 * The coin name of a virtual currency protocol id (SPEC.md section 9); any other id is USDT.
 * Ids may arrive as numbers or numeric strings from the API.
 */
export function virtualCoinName(protocolId: number | string | null | undefined): string {
  const id = typeof protocolId === 'string' ? Number(protocolId.trim() || Number.NaN) : protocolId;
  if (typeof id !== 'number' || !Number.isInteger(id)) return DEFAULT_VIRTUAL_COIN_NAME;
  return Object.hasOwn(VIRTUAL_COIN_NAMES, id)
    ? (VIRTUAL_COIN_NAMES[id] ?? DEFAULT_VIRTUAL_COIN_NAME)
    : DEFAULT_VIRTUAL_COIN_NAME;
}
