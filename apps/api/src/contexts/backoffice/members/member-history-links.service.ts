import {
  MEMBER_LINK_KINDS,
  MEMBER_LINKS_CAP,
  type AdminLinkedMember,
  type Language,
} from '@lobby/contracts';
import type { Database } from '../../../db/client.ts';
import { appError } from '../../../lib/app-error.ts';
import { inBrandScope, type OperatorIdentity } from '../../../plugins/operator-auth.ts';
import { toPayoutAccountView } from '../../money/payout/index.ts';
import { MEMBER_HISTORY_ERRORS } from './member-history.errors.ts';
import {
  linkedMembers,
  membersByIds,
  ownLinkValues,
  type LinkKind,
} from './member-history-links.repository.ts';

/** The member's latest sessions whose addresses and devices are looked for in others'. */
const SESSIONS_READ = 500;
/** At most this many of the member's own addresses, and as many devices, are looked up. */
const OWN_VALUES_LOOKED_UP = 50;
/** Rows one lookup reads at most (a value shared by more reads as capped). */
const ROWS_PER_LOOKUP = 1_000;

export type LinkedAccounts = {
  items: AdminLinkedMember[];
  otherBrands: { kind: LinkKind; count: number }[];
  capped: boolean;
};

/** Distinct non-empty values, first seen first, and whether more than `limit` were there. */
function distinct(values: (string | null)[], limit: number): { values: string[]; more: boolean } {
  const unique = [...new Set(values.filter((value): value is string => !!value))];
  return { values: unique.slice(0, limit), more: unique.length > limit };
}

/**
 * Linked accounts: other members who share a device, an address, a payout account, a phone or
 * an e-mail with a member, across brands. Members of the operator's brands are listed with what
 * they share; of other brands only how many there are per kind of link, so an operator learns
 * that a link exists without reading another brand's member.
 */
export class MemberLinksService {
  readonly #db: Database;

  constructor(options: { db: Database }) {
    this.#db = options.db;
  }

  async linked(
    operator: OperatorIdentity,
    id: string,
    language: Language,
  ): Promise<LinkedAccounts> {
    const memberId = BigInt(id);
    const own = await ownLinkValues(this.#db, memberId, SESSIONS_READ);
    if (!own) throw appError(MEMBER_HISTORY_ERRORS, 'member_not_found');
    const devices = distinct(
      [own.registerDeviceNo, ...own.sessions.map((session) => session.deviceNo)],
      OWN_VALUES_LOOKED_UP,
    );
    const ips = distinct(
      [own.registerIp, ...own.sessions.map((session) => session.ip)],
      OWN_VALUES_LOOKED_UP,
    );
    const { hits, capped: scanCapped } = await linkedMembers(
      this.#db,
      {
        memberId,
        devices: devices.values,
        ips: ips.values,
        accounts: own.accounts,
        phone: own.phone ? { areaCode: own.phoneAreaCode, phone: own.phone } : null,
        email: own.email,
      },
      ROWS_PER_LOOKUP,
    );

    // Payout accounts show as the member sees theirs: masked.
    const shownAccount = new Map(
      own.accounts.map((account) => [
        `${account.type}:${account.accountNumber}`,
        toPayoutAccountView(account, language).account,
      ]),
    );
    const links = new Map<bigint, Map<LinkKind, Set<string>>>();
    for (const hit of hits) {
      const kinds = links.get(hit.memberId) ?? new Map<LinkKind, Set<string>>();
      const values = kinds.get(hit.kind) ?? new Set<string>();
      values.add(this.#shown(hit.kind, hit.value, own, shownAccount));
      kinds.set(hit.kind, values);
      links.set(hit.memberId, kinds);
    }

    const linkedRows = await membersByIds(this.#db, [...links.keys()]);
    const listed: AdminLinkedMember[] = [];
    const elsewhere = new Map<LinkKind, number>();
    for (const row of linkedRows) {
      const kinds = links.get(row.id) ?? new Map<LinkKind, Set<string>>();
      if (!inBrandScope(operator, row.brandCode)) {
        for (const kind of kinds.keys()) elsewhere.set(kind, (elsewhere.get(kind) ?? 0) + 1);
        continue;
      }
      listed.push({
        id: String(row.id),
        brand: row.brandCode,
        username: row.username,
        status: row.status,
        links: MEMBER_LINK_KINDS.flatMap((kind) =>
          [...(kinds.get(kind) ?? [])].map((value) => ({ kind, value })),
        ),
      });
    }
    // The most links first (the likeliest same person), then the newest member.
    listed.sort(
      (left, right) =>
        right.links.length - left.links.length || Number(BigInt(right.id) - BigInt(left.id)),
    );
    return {
      items: listed.slice(0, MEMBER_LINKS_CAP),
      otherBrands: MEMBER_LINK_KINDS.filter((kind) => elsewhere.has(kind)).map((kind) => ({
        kind,
        count: elsewhere.get(kind) ?? 0,
      })),
      capped: scanCapped || devices.more || ips.more || listed.length > MEMBER_LINKS_CAP,
    };
  }

  /** A shared value as the operator reads it: masked for payout accounts, phones with area. */
  #shown(
    kind: LinkKind,
    value: string,
    own: { phoneAreaCode: string | null; accounts: { type: string; accountNumber: string }[] },
    shownAccount: Map<string, string>,
  ): string {
    if (kind === 'phone') return own.phoneAreaCode ? `+${own.phoneAreaCode} ${value}` : value;
    if (kind !== 'payout_account') return value;
    const account = own.accounts.find((candidate) => candidate.accountNumber === value);
    return shownAccount.get(`${account?.type ?? ''}:${value}`) ?? value;
  }
}
