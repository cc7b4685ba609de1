/**
 * The game platforms Lobby integrates, as the simulator (apps/game-sim) plays them. A real
 * operator receives this from each provider's onboarding; here both sides read one list so the
 * ids, wallet types and game codes agree. Names are invented.
 */

export type Localized = { 'zh-CN': string; 'zh-TW': string; en: string };

/** SPEC.md section 9 category codes: casino 2, fish 3, slot 4, lottery 5, sports 6, board 7, esports 8. */
export type CategoryCode = 2 | 3 | 4 | 5 | 6 | 7 | 8;

/** Which engine of the simulator plays a game. */
export type GameKind =
  'slot' | 'roulette' | 'baccarat' | 'fish' | 'lottery' | 'sports' | 'esports' | 'niuniu';

/** 1: transfer wallet (the platform holds a balance); 2: seamless (the platform calls our wallet). */
export type WalletType = 1 | 2;

export type CatalogGame = {
  /** Unique within the platform; the launch and the bet records name it. */
  code: string;
  kind: GameKind;
  name: Localized;
  hot: boolean;
};

export type CatalogPlatform = {
  id: number;
  /** Short provider code, shown in records and logs. */
  code: string;
  name: Localized;
  category: CategoryCode;
  walletType: WalletType;
  games: CatalogGame[];
};

type Theme = { code: string; name: Localized };

const SLOT_THEMES: Theme[] = [
  { code: 'fortune-dragon', name: { 'zh-CN': '财神龙', 'zh-TW': '財神龍', en: 'Fortune Dragon' } },
  { code: 'golden-koi', name: { 'zh-CN': '金锦鲤', 'zh-TW': '金錦鯉', en: 'Golden Koi' } },
  { code: 'jade-temple', name: { 'zh-CN': '翡翠神殿', 'zh-TW': '翡翠神殿', en: 'Jade Temple' } },
  {
    code: 'lucky-lantern',
    name: { 'zh-CN': '幸运灯笼', 'zh-TW': '幸運燈籠', en: 'Lucky Lantern' },
  },
  { code: 'panda-feast', name: { 'zh-CN': '熊猫盛宴', 'zh-TW': '熊貓盛宴', en: 'Panda Feast' } },
  { code: 'star-fruit', name: { 'zh-CN': '星星水果', 'zh-TW': '星星水果', en: 'Star Fruit' } },
];

const FISH_THEMES: Theme[] = [
  { code: 'ocean-hunter', name: { 'zh-CN': '深海猎手', 'zh-TW': '深海獵手', en: 'Ocean Hunter' } },
  {
    code: 'dragon-fishing',
    name: { 'zh-CN': '龙王捕鱼', 'zh-TW': '龍王捕魚', en: 'Dragon Fishing' },
  },
];

type PlatformSeed = {
  id: number;
  code: string;
  name: Localized;
  category: CategoryCode;
  walletType?: WalletType;
};

const PLATFORM_SEEDS: PlatformSeed[] = [
  {
    id: 1,
    code: 'HSP',
    name: { 'zh-CN': '华盛体育', 'zh-TW': '華盛體育', en: 'Huasheng Sports' },
    category: 6,
  },
  {
    id: 2,
    code: 'BSP',
    name: { 'zh-CN': '博远体育', 'zh-TW': '博遠體育', en: 'Boyuan Sports' },
    category: 6,
  },
  {
    id: 3,
    code: 'TSP',
    name: { 'zh-CN': '天际体育', 'zh-TW': '天際體育', en: 'Skyline Sports' },
    category: 6,
  },
  {
    id: 4,
    code: 'LSP',
    name: { 'zh-CN': '雷霆体育', 'zh-TW': '雷霆體育', en: 'Thunder Sports' },
    category: 6,
  },
  {
    id: 5,
    code: 'QSP',
    name: { 'zh-CN': '青峰体育', 'zh-TW': '青峰體育', en: 'Qingfeng Sports' },
    category: 6,
  },
  {
    id: 6,
    code: 'XES',
    name: { 'zh-CN': '星链电竞', 'zh-TW': '星鏈電競', en: 'Starlink Esports' },
    category: 8,
  },
  {
    id: 7,
    code: 'HES',
    name: { 'zh-CN': '火线电竞', 'zh-TW': '火線電競', en: 'Fireline Esports' },
    category: 8,
  },
  {
    id: 8,
    code: 'YES',
    name: { 'zh-CN': '银河电竞', 'zh-TW': '銀河電競', en: 'Galaxy Esports' },
    category: 8,
  },
  {
    id: 9,
    code: 'JLC',
    name: { 'zh-CN': '金龙真人', 'zh-TW': '金龍真人', en: 'Golden Dragon Live' },
    category: 2,
  },
  {
    id: 10,
    code: 'BLC',
    name: { 'zh-CN': '百乐真人', 'zh-TW': '百樂真人', en: 'Baile Live' },
    category: 2,
  },
  {
    id: 11,
    code: 'HLC',
    name: { 'zh-CN': '皇朝真人', 'zh-TW': '皇朝真人', en: 'Dynasty Live' },
    category: 2,
  },
  {
    id: 12,
    code: 'MLC',
    name: { 'zh-CN': '明珠真人', 'zh-TW': '明珠真人', en: 'Pearl Live' },
    category: 2,
  },
  {
    id: 13,
    code: 'WLC',
    name: { 'zh-CN': '威尼真人', 'zh-TW': '威尼真人', en: 'Venna Live' },
    category: 2,
  },
  {
    id: 14,
    code: 'ZLC',
    name: { 'zh-CN': '紫金真人', 'zh-TW': '紫金真人', en: 'Purple Gold Live' },
    category: 2,
  },
  {
    id: 15,
    code: 'SLC',
    name: { 'zh-CN': '盛世真人', 'zh-TW': '盛世真人', en: 'Prosper Live' },
    category: 2,
  },
  {
    id: 16,
    code: 'RLC',
    name: { 'zh-CN': '瑞星真人', 'zh-TW': '瑞星真人', en: 'Ruixing Live' },
    category: 2,
  },
  {
    id: 17,
    code: 'PGS',
    name: { 'zh-CN': '鹏购电子', 'zh-TW': '鵬購電子', en: 'Peng Slots' },
    category: 4,
  },
  {
    id: 18,
    code: 'JDS',
    name: { 'zh-CN': '极点电子', 'zh-TW': '極點電子', en: 'Apex Slots' },
    category: 4,
  },
  {
    id: 19,
    code: 'CQS',
    name: { 'zh-CN': '超群电子', 'zh-TW': '超群電子', en: 'Chaoqun Slots' },
    category: 4,
  },
  {
    id: 20,
    code: 'MGS',
    name: { 'zh-CN': '美歌电子', 'zh-TW': '美歌電子', en: 'Meige Slots' },
    category: 4,
  },
  {
    id: 21,
    code: 'PPS',
    name: { 'zh-CN': '拼拼电子', 'zh-TW': '拼拼電子', en: 'Pinpin Slots' },
    category: 4,
  },
  {
    id: 22,
    code: 'HBS',
    name: { 'zh-CN': '海贝电子', 'zh-TW': '海貝電子', en: 'Seashell Slots' },
    category: 4,
  },
  {
    id: 23,
    code: 'FGS',
    name: { 'zh-CN': '凤歌电子', 'zh-TW': '鳳歌電子', en: 'Phoenix Slots' },
    category: 4,
  },
  {
    id: 24,
    code: 'TTS',
    name: { 'zh-CN': '天天电子', 'zh-TW': '天天電子', en: 'Daily Slots' },
    category: 4,
  },
  {
    id: 25,
    code: 'KYB',
    name: { 'zh-CN': '开元棋牌', 'zh-TW': '開元棋牌', en: 'Kaiyuan Cards' },
    category: 7,
  },
  {
    id: 26,
    code: 'LYB',
    name: { 'zh-CN': '乐游棋牌', 'zh-TW': '樂遊棋牌', en: 'Leyou Cards' },
    category: 7,
  },
  {
    id: 27,
    code: 'BBB',
    name: { 'zh-CN': '百胜棋牌', 'zh-TW': '百勝棋牌', en: 'Baisheng Cards' },
    category: 7,
  },
  {
    id: 28,
    code: 'XYB',
    name: { 'zh-CN': '新月棋牌', 'zh-TW': '新月棋牌', en: 'Crescent Cards' },
    category: 7,
  },
  {
    id: 29,
    code: 'HYB',
    name: { 'zh-CN': '欢娱棋牌', 'zh-TW': '歡娛棋牌', en: 'Huanyu Cards' },
    category: 7,
  },
  {
    id: 30,
    code: 'DFB',
    name: { 'zh-CN': '东方棋牌', 'zh-TW': '東方棋牌', en: 'Oriental Cards' },
    category: 7,
  },
  {
    id: 31,
    code: 'BYF',
    name: { 'zh-CN': '捕鱼王国', 'zh-TW': '捕魚王國', en: 'Fish Kingdom' },
    category: 3,
  },
  {
    id: 32,
    code: 'HYF',
    name: { 'zh-CN': '海洋捕鱼', 'zh-TW': '海洋捕魚', en: 'Ocean Fishing' },
    category: 3,
  },
  {
    id: 33,
    code: 'JCF',
    name: { 'zh-CN': '金蟾捕鱼', 'zh-TW': '金蟾捕魚', en: 'Golden Toad Fishing' },
    category: 3,
  },
  {
    id: 34,
    code: 'LWF',
    name: { 'zh-CN': '龙湾捕鱼', 'zh-TW': '龍灣捕魚', en: 'Dragon Bay Fishing' },
    category: 3,
  },
  {
    id: 35,
    code: 'SHF',
    name: { 'zh-CN': '深海捕鱼', 'zh-TW': '深海捕魚', en: 'Deep Sea Fishing' },
    category: 3,
  },
  {
    id: 36,
    code: 'CXL',
    name: { 'zh-CN': '彩象彩票', 'zh-TW': '彩象彩票', en: 'Caixiang Lottery' },
    category: 5,
  },
  {
    id: 37,
    code: 'JCL',
    name: { 'zh-CN': '吉彩彩票', 'zh-TW': '吉彩彩票', en: 'Jicai Lottery' },
    category: 5,
  },
  {
    id: 38,
    code: 'HCL',
    name: { 'zh-CN': '好彩彩票', 'zh-TW': '好彩彩票', en: 'Haocai Lottery' },
    category: 5,
  },
  {
    id: 39,
    code: 'SCL',
    name: { 'zh-CN': '双彩彩票', 'zh-TW': '雙彩彩票', en: 'Shuangcai Lottery' },
    category: 5,
  },
  // Seamless-wallet platforms: they debit and credit the member's centre wallet through our
  // callbacks, hold no balance, and are filtered out of the transfer wallet list.
  {
    id: 40,
    code: 'SWS',
    name: { 'zh-CN': '无界电子', 'zh-TW': '無界電子', en: 'Boundless Slots' },
    category: 4,
    walletType: 2,
  },
  {
    id: 41,
    code: 'SWC',
    name: { 'zh-CN': '无界真人', 'zh-TW': '無界真人', en: 'Boundless Live' },
    category: 2,
    walletType: 2,
  },
  {
    id: 42,
    code: 'SWF',
    name: { 'zh-CN': '无界捕鱼', 'zh-TW': '無界捕魚', en: 'Boundless Fishing' },
    category: 3,
    walletType: 2,
  },
];

function gamesOf(platform: PlatformSeed): CatalogGame[] {
  switch (platform.category) {
    case 4:
      // Each slot platform shows the six themes in its own order, so hot games differ.
      return SLOT_THEMES.map((_, index) => {
        const theme = SLOT_THEMES[(index + platform.id) % SLOT_THEMES.length] as Theme;
        return { code: theme.code, kind: 'slot', name: theme.name, hot: index < 2 };
      });
    case 3:
      return FISH_THEMES.map((theme, index) => ({
        code: theme.code,
        kind: 'fish',
        name: theme.name,
        hot: index === 0,
      }));
    case 2:
      return [
        {
          code: 'baccarat',
          kind: 'baccarat',
          name: { 'zh-CN': '百家乐', 'zh-TW': '百家樂', en: 'Baccarat' },
          hot: true,
        },
        {
          code: 'roulette',
          kind: 'roulette',
          name: { 'zh-CN': '欧洲轮盘', 'zh-TW': '歐洲輪盤', en: 'European Roulette' },
          hot: false,
        },
      ];
    case 5:
      return [
        {
          code: 'quick-3d',
          kind: 'lottery',
          name: { 'zh-CN': '极速3D', 'zh-TW': '極速3D', en: 'Quick 3D' },
          hot: true,
        },
      ];
    case 6:
      return [
        {
          code: 'sportsbook',
          kind: 'sports',
          name: { 'zh-CN': '体育投注', 'zh-TW': '體育投注', en: 'Sportsbook' },
          hot: true,
        },
      ];
    case 8:
      return [
        {
          code: 'esportsbook',
          kind: 'esports',
          name: { 'zh-CN': '电竞投注', 'zh-TW': '電競投注', en: 'Esports Book' },
          hot: true,
        },
      ];
    case 7:
      return [
        {
          code: 'niuniu',
          kind: 'niuniu',
          name: { 'zh-CN': '百人牛牛', 'zh-TW': '百人牛牛', en: 'Bull Bull' },
          hot: true,
        },
      ];
  }
}

export const PLATFORM_CATALOG: readonly CatalogPlatform[] = PLATFORM_SEEDS.map((seed) => ({
  id: seed.id,
  code: seed.code,
  name: seed.name,
  category: seed.category,
  walletType: seed.walletType ?? 1,
  games: gamesOf(seed),
}));

const BY_ID = new Map(PLATFORM_CATALOG.map((platform) => [platform.id, platform]));

export function catalogPlatform(id: number): CatalogPlatform | undefined {
  return BY_ID.get(id);
}

export function catalogGame(platformId: number, gameCode: string): CatalogGame | undefined {
  return BY_ID.get(platformId)?.games.find((game) => game.code === gameCode);
}
