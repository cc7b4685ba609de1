import type { Language } from '@lobby/contracts';
import type { Database, Executor } from '../../../db/client.ts';
import { listBrandsWithHosts } from '../../platform/brand/index.ts';
import { insertBanner } from './promo-banners.repository.ts';
import { insertGift } from './promo-gifts.repository.ts';
import { countBrandPromotions, insertPromotion, lockPromoSeeding } from './promo.repository.ts';

/**
 * The demo promotions of every brand, in the brand's language: a daily sign-in, a deposit bonus
 * for members who join first, a gift exchange with cash and item gifts, an apply promotion, a
 * display one, three home banners and one popup notice. Operators change or end them.
 */

const DAY_MS = 86_400_000;

type Texts = {
  deposit: { title: string; summary: string; body: string };
  sign: { title: string; summary: string; body: string };
  gift: { title: string; summary: string; body: string };
  apply: { title: string; summary: string; body: string };
  display: { title: string; summary: string; body: string };
  gifts: [string, string, string, string, string];
  banners: [string, string, string];
  notice: { title: string; body: string };
};

function zhCN(siteName: string): Texts {
  return {
    deposit: {
      title: '新人首存 100% 加赠',
      summary: '报名后首笔存款 100% 加赠，最高 188 元',
      body: `## 活动内容\n\n报名本活动后完成存款，即可申请 **100% 存款加赠**，最高 **188 元**。\n\n| 存款金额 | 加赠比例 | 最高加赠 |\n| --- | --- | --- |\n| 100 元起 | 100% | 188 元 |\n\n## 活动规则\n\n1. 须先点击「立即报名」，报名后的存款方可申请；\n2. 到账后 72 小时内在本页申请，申请即时到账；\n3. 加赠金额需完成 **3 倍流水** 方可提款；\n4. 每位会员限参加一次，${siteName} 保留最终解释权。`,
    },
    sign: {
      title: '每日签到领彩金',
      summary: '连续签到奖励递增，漏签可补签',
      body: `## 每日签到\n\n每天登录签到即可领取彩金，连续签到奖励递增：第 1 天 1 元，第 7 天起每天 18 元。\n\n- 漏签的日期可在当月 7 天内补签，每次补签费用 1 元；\n- 彩金需完成 1 倍流水方可提款。`,
    },
    gift: {
      title: '流水兑换豪礼',
      summary: '有效投注累积流水，兑换现金与实物大奖',
      body: `## 豪礼兑换\n\n活动期间的有效投注计入兑换流水，可兑换现金彩金或实物礼品。\n\n- 现金礼品即时到账，需完成 1 倍流水；\n- 实物礼品由专人寄出，请填写真实收货信息；\n- 每份礼品数量有限，兑完即止。`,
    },
    apply: {
      title: 'VIP 生日礼金',
      summary: '生日当月申请，审核后派发礼金',
      body: `## VIP 生日礼金\n\nVIP1 及以上会员可在生日当月提交申请，客服审核后派发 **88 元** 起生日礼金。\n\n请在申请备注中填写您的生日日期。`,
    },
    display: {
      title: '负责任博彩',
      summary: '理性娱乐，量力而行',
      body: `## 理性娱乐\n\n${siteName} 仅向年满 18 周岁的会员提供服务。请为自己设定时间与金额上限，切勿追损。`,
    },
    gifts: ['1.88 元现金', '38 元现金', '188 元现金', '蓝牙耳机', '智能手表'],
    banners: ['首存加赠 100%', '每日签到领彩金', '流水兑换豪礼'],
    notice: {
      title: `${siteName} 公告`,
      body: `欢迎来到 ${siteName}！新人报名首存活动可获 100% 加赠，每日签到领彩金，流水还能兑换豪礼。`,
    },
  };
}

function zhTW(siteName: string): Texts {
  return {
    deposit: {
      title: '新人首存 100% 加贈',
      summary: '報名後首筆存款 100% 加贈，最高 188 元',
      body: `## 活動內容\n\n報名本活動後完成存款，即可申請 **100% 存款加贈**，最高 **188 元**。\n\n| 存款金額 | 加贈比例 | 最高加贈 |\n| --- | --- | --- |\n| 100 元起 | 100% | 188 元 |\n\n## 活動規則\n\n1. 須先點擊「立即報名」，報名後的存款方可申請；\n2. 到帳後 72 小時內在本頁申請，申請即時到帳；\n3. 加贈金額需完成 **3 倍流水** 方可提款；\n4. 每位會員限參加一次，${siteName} 保留最終解釋權。`,
    },
    sign: {
      title: '每日簽到領彩金',
      summary: '連續簽到獎勵遞增，漏簽可補簽',
      body: `## 每日簽到\n\n每天登入簽到即可領取彩金，連續簽到獎勵遞增：第 1 天 1 元，第 7 天起每天 18 元。\n\n- 漏簽的日期可在當月 7 天內補簽，每次補簽費用 1 元；\n- 彩金需完成 1 倍流水方可提款。`,
    },
    gift: {
      title: '流水兌換豪禮',
      summary: '有效投注累積流水，兌換現金與實物大獎',
      body: `## 豪禮兌換\n\n活動期間的有效投注計入兌換流水，可兌換現金彩金或實物禮品。\n\n- 現金禮品即時到帳，需完成 1 倍流水；\n- 實物禮品由專人寄出，請填寫真實收貨資訊。`,
    },
    apply: {
      title: 'VIP 生日禮金',
      summary: '生日當月申請，審核後派發禮金',
      body: `## VIP 生日禮金\n\nVIP1 及以上會員可在生日當月提交申請，客服審核後派發 **88 元** 起生日禮金。`,
    },
    display: {
      title: '負責任博彩',
      summary: '理性娛樂，量力而行',
      body: `## 理性娛樂\n\n${siteName} 僅向年滿 18 歲的會員提供服務。請為自己設定時間與金額上限。`,
    },
    gifts: ['1.88 元現金', '38 元現金', '188 元現金', '藍牙耳機', '智慧手錶'],
    banners: ['首存加贈 100%', '每日簽到領彩金', '流水兌換豪禮'],
    notice: {
      title: `${siteName} 公告`,
      body: `歡迎來到 ${siteName}！新人報名首存活動可獲 100% 加贈，每日簽到領彩金，流水還能兌換豪禮。`,
    },
  };
}

function en(siteName: string): Texts {
  return {
    deposit: {
      title: '100% welcome deposit bonus',
      summary: 'Join, then deposit: 100% bonus up to 188.00',
      body: `## The offer\n\nJoin this promotion, then deposit: claim a **100% bonus** up to **188.00**.\n\n| Deposit | Bonus | Up to |\n| --- | --- | --- |\n| from 100.00 | 100% | 188.00 |\n\n## Rules\n\n1. Press "Join" first: only deposits made after joining qualify;\n2. claim within 72 hours of the deposit on this page; it is paid at once;\n3. the bonus must be wagered **3 times** before withdrawing;\n4. once per member. ${siteName} has the final word.`,
    },
    sign: {
      title: 'Daily sign-in rewards',
      summary: 'Rewards grow with your streak; re-sign missed days',
      body: `## Daily sign-in\n\nSign in every day for a reward that grows with your streak: 1.00 on day 1, 18.00 a day from day 7.\n\n- Missed days of this month may be re-signed within 7 days for 1.00 each;\n- rewards must be wagered once before withdrawing.`,
    },
    gift: {
      title: 'Turnover for gifts',
      summary: 'Exchange your valid bets for cash and prizes',
      body: `## Gifts\n\nValid bets during the promotion count as turnover you can exchange for cash or prizes.\n\n- Cash gifts are paid at once and wagered once;\n- prizes are shipped to the address you give.`,
    },
    apply: {
      title: 'VIP birthday gift',
      summary: 'Apply in your birthday month; paid after review',
      body: `## VIP birthday gift\n\nVIP 1 members and above may apply in their birthday month for a gift from **88.00**, paid after review.`,
    },
    display: {
      title: 'Responsible gaming',
      summary: 'Play for fun, within your means',
      body: `## Play responsibly\n\n${siteName} serves members aged 18 or over. Set yourself limits of time and money.`,
    },
    gifts: ['1.88 cash', '38.00 cash', '188.00 cash', 'Bluetooth earbuds', 'Smart watch'],
    banners: ['100% deposit bonus', 'Daily sign-in rewards', 'Turnover for gifts'],
    notice: {
      title: `${siteName} notice`,
      body: `Welcome to ${siteName}! Join the welcome bonus for 100% on your deposit, sign in daily, and exchange your turnover for gifts.`,
    },
  };
}

const TEXTS: Record<Language, (siteName: string) => Texts> = { 'zh-CN': zhCN, 'zh-TW': zhTW, en };

const BANNER_COLOURS: [string, string, string][] = [
  ['#7c2d12', '#ea580c', '#fde68a'],
  ['#1e1b4b', '#6d28d9', '#c4b5fd'],
  ['#064e3b', '#059669', '#a7f3d0'],
];

/** A banner drawn as SVG (a data address: no file to serve), its headline written in. */
export function bannerImage(headline: string, siteName: string, index: number): string {
  const [dark, light, accent] = BANNER_COLOURS[index % BANNER_COLOURS.length] ?? [
    '#000',
    '#333',
    '#fff',
  ];
  const escape = (text: string) =>
    text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 360" width="1200" height="360"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/></linearGradient></defs><rect width="1200" height="360" fill="url(#g)"/><circle cx="1010" cy="180" r="150" fill="${accent}" opacity=".25"/><circle cx="1060" cy="120" r="70" fill="${accent}" opacity=".35"/><path d="M930 250l40-110 40 110z" fill="${accent}" opacity=".6"/><text x="80" y="150" font-family="sans-serif" font-size="40" fill="${accent}">${escape(siteName)}</text><text x="80" y="230" font-family="sans-serif" font-size="68" font-weight="700" fill="#fff">${escape(headline)}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** A gift picture: a parcel or a coin in the gift's colour. */
function giftImage(kind: 'cash' | 'item', index: number): string {
  const colour = ['#f59e0b', '#ef4444', '#8b5cf6', '#0ea5e9', '#10b981'][index % 5] ?? '#f59e0b';
  const art =
    kind === 'cash'
      ? `<circle cx="80" cy="80" r="56" fill="${colour}"/><circle cx="80" cy="80" r="40" fill="none" stroke="#fff" stroke-width="6"/><text x="80" y="98" text-anchor="middle" font-family="sans-serif" font-size="48" font-weight="700" fill="#fff">¥</text>`
      : `<rect x="28" y="58" width="104" height="76" rx="8" fill="${colour}"/><rect x="20" y="40" width="120" height="28" rx="6" fill="${colour}" opacity=".8"/><rect x="72" y="40" width="16" height="94" fill="#fff" opacity=".85"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 160" width="160" height="160"><rect width="160" height="160" rx="20" fill="#f8fafc"/>${art}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

async function seedBrand(
  executor: Executor,
  brand: { code: string; siteName: string; language: string },
  now: Date,
): Promise<number> {
  const language: Language = brand.language in TEXTS ? (brand.language as Language) : 'zh-CN';
  const texts = TEXTS[language](brand.siteName);
  const text = (value: string) => ({ [language]: value });
  // Started well before this month, so a missed day earlier in the month can be re-signed.
  const startsAt = new Date(now.getTime() - 60 * DAY_MS);
  const base = {
    brandCode: brand.code,
    status: 'active' as const,
    startsAt,
    endsAt: null,
    updatedBy: null,
  };
  const deposit = await insertPromotion(executor, {
    ...base,
    kind: 'deposit_bonus',
    category: 'new',
    title: text(texts.deposit.title),
    summary: text(texts.deposit.summary),
    body: text(texts.deposit.body),
    imageUrl: bannerImage(texts.banners[0], brand.siteName, 0),
    sort: 10,
    rules: {
      tiers: [{ minDepositMinor: 10_000, percent: 100, maxBonusMinor: 18_800 }],
      requiresJoin: true,
      claimWithinHours: 72,
      autoApprove: true,
    },
    turnoverMultiplierPercent: 300,
    budgetMinor: 10_000_000n,
    perMemberLimit: 1,
  });
  await insertPromotion(executor, {
    ...base,
    kind: 'sign_in',
    category: 'daily',
    title: text(texts.sign.title),
    summary: text(texts.sign.summary),
    body: text(texts.sign.body),
    imageUrl: bannerImage(texts.banners[1], brand.siteName, 1),
    sort: 20,
    rules: {
      streakRewardsMinor: [100, 200, 300, 500, 800, 1_000, 1_800],
      resignCostMinor: 100,
      resignDaysBack: 7,
    },
    turnoverMultiplierPercent: 100,
  });
  const gift = await insertPromotion(executor, {
    ...base,
    kind: 'gift',
    category: 'daily',
    title: text(texts.gift.title),
    summary: text(texts.gift.summary),
    body: text(texts.gift.body),
    imageUrl: bannerImage(texts.banners[2], brand.siteName, 2),
    sort: 30,
    rules: {},
    turnoverMultiplierPercent: 100,
  });
  await insertPromotion(executor, {
    ...base,
    kind: 'apply',
    category: 'vip',
    title: text(texts.apply.title),
    summary: text(texts.apply.summary),
    body: text(texts.apply.body),
    sort: 40,
    rules: { defaultRewardMinor: 8_800 },
    turnoverMultiplierPercent: 100,
    perMemberLimit: 1,
  });
  await insertPromotion(executor, {
    ...base,
    kind: 'display',
    category: 'other',
    title: text(texts.display.title),
    summary: text(texts.display.summary),
    body: text(texts.display.body),
    sort: 50,
    rules: {},
  });
  const gifts: { kind: 'cash' | 'item'; cost: bigint; reward: bigint; stock: number | null }[] = [
    { kind: 'cash', cost: 1_000n, reward: 188n, stock: null },
    { kind: 'cash', cost: 50_000n, reward: 3_800n, stock: null },
    { kind: 'cash', cost: 200_000n, reward: 18_800n, stock: null },
    { kind: 'item', cost: 300_000n, reward: 0n, stock: 50 },
    { kind: 'item', cost: 800_000n, reward: 0n, stock: 20 },
  ];
  for (const [index, entry] of gifts.entries()) {
    await insertGift(executor, {
      brandCode: brand.code,
      promotionId: gift.id,
      kind: entry.kind,
      name: text(texts.gifts[index] ?? ''),
      imageUrl: giftImage(entry.kind, index),
      turnoverCostMinor: entry.cost,
      rewardMinor: entry.reward,
      stock: entry.stock,
      perMemberLimit: entry.kind === 'item' ? 1 : null,
      sort: (index + 1) * 10,
      active: true,
    });
  }
  const links = [`/activity/list/${deposit.id}`, '/activity/sign', '/activity/enjoyLuxuryGifts'];
  for (const [index, headline] of texts.banners.entries()) {
    await insertBanner(executor, {
      brandCode: brand.code,
      placement: 'home_top',
      title: text(headline),
      body: text(headline),
      imageUrl: bannerImage(headline, brand.siteName, index),
      linkUrl: links[index] ?? '',
      sort: (index + 1) * 10,
      active: true,
    });
  }
  await insertBanner(executor, {
    brandCode: brand.code,
    placement: 'popup',
    title: text(texts.notice.title),
    body: text(texts.notice.body),
    linkUrl: `/activity/list/${deposit.id}`,
    sort: 10,
    active: true,
  });
  return 5;
}

/**
 * Gives every brand without promotions the demo ones: safe at every start and on several nodes
 * at once (one seeding at a time), and it never touches a brand that has promotions. Returns
 * how many promotions were inserted.
 */
export async function seedPromotions(db: Database, now = new Date()): Promise<number> {
  return db.transaction(async (transaction) => {
    await lockPromoSeeding(transaction);
    let inserted = 0;
    for (const brand of await listBrandsWithHosts(transaction)) {
      if ((await countBrandPromotions(transaction, brand.code)) > 0) continue;
      inserted += await seedBrand(transaction, brand, now);
    }
    return inserted;
  });
}

/** Seeds one brand (tests make brands of their own); nothing when it has promotions. */
export async function seedBrandPromotions(
  db: Database,
  brand: { code: string; siteName: string; language: string },
  now = new Date(),
): Promise<number> {
  return db.transaction(async (transaction) => {
    await lockPromoSeeding(transaction);
    if ((await countBrandPromotions(transaction, brand.code)) > 0) return 0;
    return seedBrand(transaction, brand, now);
  });
}
