import { BANK_GROUPS } from '@lobby/contracts';

/** The group (0 to 3) a bank code belongs to, for its card style; -1 when in none. */
export function bankGroupIndex(bankCode: string | null | undefined): number {
  if (!bankCode) return -1;
  const code = bankCode.trim().toLowerCase();
  return BANK_GROUPS.findIndex((group) => group.includes(code));
}
