import { commonError } from '../../../lib/app-error.ts';
import type { Brand } from '../../platform/brand/index.ts';

/** Whose agent data: a member of a brand. */
export type AgentViewer = { brand: Brand; memberId: bigint };

/** Where an operator's change came from, for the action log. */
export type ActionContext = { ip: string };
export type PageInput = { page: number; pageSize: number };

/** The brands the registry serves, by code. */
export type BrandLookup = (code: string) => Brand | undefined;

/** The brand an operator names, known to the registry (unknown_site otherwise). */
export function operatorBrand(brand: BrandLookup, code: string): Brand {
  const found = brand(code);
  if (!found) throw commonError('unknown_site');
  return found;
}
