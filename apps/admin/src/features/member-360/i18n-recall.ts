/**
 * Texts of the member page's game recall tab and net deposits, merged into the `member-360`
 * namespace (i18n.ts); `en` repeats the shape of `zh-CN`.
 */
const zhCN = {
  recall: {
    game: '游戏',
    choose: '选择会员玩过的游戏',
    gameOption: '{{game}} · {{platform}} · {{rounds}} 局',
    empty: '该会员还没有已结算的牌局',
    note: '该游戏最近 {{count}} 局，详情实时取自游戏厂商',
    roundId: '局号',
    settledAt: '结算时间',
    bet: '投注',
    payout: '派彩',
    winLoss: '输赢',
    kind: '游戏类型',
    details: '厂商牌局详情',
    result: '结果',
    betDetails: '投注内容',
    event: '期号 / 赛事',
    fairness: '公平性种子',
    noDetails: '厂商已不再保留该局详情',
    refresh: '刷新',
  },
  netDeposits: {
    label: '所选范围内净存款（存款 − 已出款）：',
    bound: '后台可查询近 {{months}} 个月的记录',
    export: '导出净存款 CSV',
  },
};

const en: typeof zhCN = {
  recall: {
    game: 'Game',
    choose: 'Choose a game the member played',
    gameOption: '{{game}} · {{platform}} · {{rounds}} rounds',
    empty: 'The member has no settled rounds yet',
    note: 'The last {{count}} rounds of this game, details fetched live from the provider',
    roundId: 'Round',
    settledAt: 'Settled at',
    bet: 'Bet',
    payout: 'Payout',
    winLoss: 'Win/loss',
    kind: 'Game kind',
    details: "Provider's round details",
    result: 'Result',
    betDetails: 'Bet',
    event: 'Draw / match',
    fairness: 'Provably fair seeds',
    noDetails: 'The provider no longer keeps the details of this round',
    refresh: 'Refresh',
  },
  netDeposits: {
    label: 'Net deposits in the range (deposits − paid withdrawals): ',
    bound: 'The back office reads {{months}} months of history',
    export: 'Export net deposits CSV',
  },
};

export const member360RecallTexts = { 'zh-CN': zhCN, en };
