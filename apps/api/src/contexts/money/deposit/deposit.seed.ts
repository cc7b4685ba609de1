import { createHash } from 'node:crypto';
import { COIN_PROTOCOLS, type Language, type ReceivingCard } from '@lobby/contracts';
import type { Database } from '../../../db/client.ts';
import { listBrandsWithHosts } from '../../platform/brand/index.ts';
import { newGatewaySecret } from './gateway.ts';
import { insertChannelIfAbsent, type NewChannelRow } from './deposit.repository.ts';

/**
 * The demo deposit channels of every brand: a bank transfer to an invented receiving card, the
 * sandbox payment gateway, and USDT on the sandbox chain. Values are made up; operators replace
 * them with their own.
 */

const NAMES: Record<Language, { bank: string; online: string; usdt: string }> = {
  'zh-CN': { bank: '银行转账', online: '在线支付', usdt: 'USDT 充值' },
  'zh-TW': { bank: '銀行轉帳', online: '線上支付', usdt: 'USDT 充值' },
  en: { bank: 'Bank transfer', online: 'Online payment', usdt: 'USDT' },
};

/** A receiving card of invented but well-formed values, different for each brand. */
function demoCard(brandCode: string): ReceivingCard {
  const digits = BigInt(`0x${createHash('sha256').update(brandCode).digest('hex').slice(0, 15)}`)
    .toString()
    .padStart(13, '0')
    .slice(0, 13);
  const number = `622202${digits}`;
  return {
    bankCode: 'icbc',
    bankName: '中国工商银行',
    accountName: '示例网络科技有限公司',
    cardNumber: number.replace(/(\d{4})(?=\d)/g, '$1 '),
    branch: '深圳南山支行',
  };
}

/** The demo rate (CNY per USDT) and the confirmations a USDT transfer needs. */
export const DEMO_USDT_RATE = '7.20';
export const DEMO_USDT_CONFIRMATIONS = 3;

function demoChannels(brand: {
  code: string;
  language: string;
  currencyCode: string;
}): NewChannelRow[] {
  const names = NAMES[(brand.language in NAMES ? brand.language : 'zh-CN') as Language];
  const common = { brandCode: brand.code, currency: brand.currencyCode, enabled: true };
  return [
    {
      ...common,
      code: 'bank',
      type: 'bank',
      name: names.bank,
      minMinor: 10_000n,
      maxMinor: 5_000_000n,
      sort: 1,
      settings: { card: demoCard(brand.code) },
    },
    {
      ...common,
      code: 'online',
      type: 'online',
      name: names.online,
      minMinor: 5_000n,
      maxMinor: 2_000_000n,
      sort: 2,
      // The secret signs the gateway's callbacks; it never leaves the server.
      settings: { gateway: 'sandbox', merchantId: `SBX-${brand.code}`, secret: newGatewaySecret() },
    },
    {
      ...common,
      code: 'usdt',
      type: 'usdt',
      name: names.usdt,
      minMinor: 10_000n,
      maxMinor: 10_000_000n,
      sort: 3,
      settings: {
        protocols: COIN_PROTOCOLS.map((protocol) => ({ ...protocol })),
        rate: DEMO_USDT_RATE,
        confirmations: DEMO_USDT_CONFIRMATIONS,
      },
    },
  ];
}

/**
 * Gives every brand the demo channels it lacks: insert-if-absent by brand and code, so it is
 * safe to run at every start and on several nodes at once. Returns how many were inserted.
 */
export async function seedDepositChannels(db: Database): Promise<number> {
  const brands = await listBrandsWithHosts(db);
  let inserted = 0;
  for (const brand of brands) {
    for (const channel of demoChannels(brand)) {
      if (await insertChannelIfAbsent(db, channel)) inserted++;
    }
  }
  return inserted;
}
