import type { AgentSponsor, Language } from '@lobby/contracts';

/**
 * The texts of the /agent page that come from the server: the partnership rules in words and
 * the sponsor area. The sponsor area is static, localized content of the site (the same for
 * every brand, with the brand's name): there is no table of sponsorships to edit yet, and
 * operators who need one can ask for it without changing the page, which only reads this list.
 */

type SponsorText = Omit<AgentSponsor, 'id'>;

const SPONSORS: readonly { id: string; text: Record<Language, SponsorText> }[] = [
  {
    id: 'football-club',
    text: {
      'zh-CN': {
        name: '城市联足球俱乐部',
        role: '官方区域合作伙伴',
        description: '{{siteName}}与俱乐部携手，支持青训与社区足球活动，让更多年轻人走上球场。',
        period: '2025 — 2027 赛季',
      },
      'zh-TW': {
        name: '城市聯足球俱樂部',
        role: '官方區域合作夥伴',
        description: '{{siteName}}與俱樂部攜手，支持青訓與社區足球活動，讓更多年輕人走上球場。',
        period: '2025 — 2027 賽季',
      },
      en: {
        name: 'City United Football Club',
        role: 'Official regional partner',
        description:
          '{{siteName}} works with the club on youth academies and community football, bringing more young players onto the pitch.',
        period: 'Seasons 2025 — 2027',
      },
    },
  },
  {
    id: 'esports-team',
    text: {
      'zh-CN': {
        name: '星火电竞战队',
        role: '主赞助商',
        description: '从联赛到国际邀请赛，{{siteName}}全程陪伴星火战队征战每一场比赛。',
        period: '2026 年度',
      },
      'zh-TW': {
        name: '星火電競戰隊',
        role: '主贊助商',
        description: '從聯賽到國際邀請賽，{{siteName}}全程陪伴星火戰隊征戰每一場比賽。',
        period: '2026 年度',
      },
      en: {
        name: 'Spark Esports',
        role: 'Main sponsor',
        description:
          'From the league to international invitationals, {{siteName}} stands behind Spark in every match.',
        period: 'Season 2026',
      },
    },
  },
  {
    id: 'ambassador',
    text: {
      'zh-CN': {
        name: '品牌大使',
        role: '年度形象代言',
        description: '品牌大使与{{siteName}}一同倡导理性娱乐，出席线下活动并与会员互动。',
        period: '2026 年度',
      },
      'zh-TW': {
        name: '品牌大使',
        role: '年度形象代言',
        description: '品牌大使與{{siteName}}一同倡導理性娛樂，出席線下活動並與會員互動。',
        period: '2026 年度',
      },
      en: {
        name: 'Brand ambassador',
        role: 'Ambassador of the year',
        description:
          'Our ambassador promotes responsible play with {{siteName}}, at live events and in meetings with members.',
        period: 'Year 2026',
      },
    },
  },
];

export function sponsorsIn(language: Language, siteName: string): AgentSponsor[] {
  return SPONSORS.map((sponsor) => {
    const text = sponsor.text[language];
    return {
      id: sponsor.id,
      ...text,
      description: text.description.replaceAll('{{siteName}}', siteName),
    };
  });
}

/** The rules in words, one paragraph each, in the request's language. */
export function rulesExplanation(language: Language): string[] {
  switch (language) {
    case 'zh-TW':
      return [
        '佣金按自然月（北京時間）結算：每月 1 日起生成上月的佣金報表，經審核後發放至中心錢包。',
        '淨營收 = 下線會員當月的投注額 − 派彩 − 紅利與返水（補簽費用抵減紅利）。',
        '活躍會員：當月有有效投注的下線會員。同時達到活躍人數與淨營收門檻的最高比例檔位即為當月佣金比例。',
        '佣金 = 淨營收 × 佣金比例（向下取整至分）；淨營收為負時當月佣金為 0，且不結轉至下月。',
        '佣金是推廣報酬，發放後不附加流水要求，可直接提款。',
      ];
    case 'en':
      return [
        'Commission is settled per calendar month (Beijing time): from the 1st, the statement of the previous month is drawn up and, once reviewed, paid into your main wallet.',
        "Net revenue = your downline's stakes of the month − payouts − bonuses and rebates paid to them (re-sign costs reduce the bonuses).",
        'Active members are downline members with valid bets in the month. The month earns the highest share whose minimum active members and minimum net revenue it meets.',
        'Commission = net revenue × share, rounded down to the cent. A month with negative net revenue pays nothing and is not carried into the next month.',
        'Commission is pay for your promotion work: it carries no turnover requirement and can be withdrawn straight away.',
      ];
    default:
      return [
        '佣金按自然月（北京时间）结算：每月 1 日起生成上月的佣金报表，经审核后发放至中心钱包。',
        '净营收 = 下线会员当月的投注额 − 派彩 − 红利与返水（补签费用抵减红利）。',
        '活跃会员：当月有有效投注的下线会员。同时达到活跃人数与净营收门槛的最高比例档位即为当月佣金比例。',
        '佣金 = 净营收 × 佣金比例（向下取整至分）；净营收为负时当月佣金为 0，且不结转至下月。',
        '佣金是推广报酬，发放后不附加流水要求，可直接提款。',
      ];
  }
}
