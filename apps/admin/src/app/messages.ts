import { defineMessages } from '../lib/messages.ts';

/** Namespace `app`: the layout, the session and the screens every operator sees. */
export const appMessages = defineMessages({
  'zh-CN': {
    title: 'Lobby 运营后台',
    shortTitle: '运营后台',
    language: '语言',
    logout: '退出登录',
    role: '角色',
    brands: '品牌',
    allBrands: '全部品牌',
    loading: '正在加载…',
    notFound: '没有这个页面',
    forbidden: '你的角色没有这个页面的权限',
    backHome: '回到首页',
    sessionEnded:
      '会话已结束，请重新登录（15 分钟无操作、超过 12 小时、在别处退出或账号被修改时会结束）',
    loggedOut: '已退出登录',
    idleHint: '15 分钟无操作会自动退出',
    group: {
      reports: '报表',
      marketing: '营销',
      content: '内容',
      games: '游戏',
      brands: '品牌',
      service: '客服',
    },
  },
  en: {
    title: 'Lobby back office',
    shortTitle: 'Back office',
    language: 'Language',
    logout: 'Log out',
    role: 'Role',
    brands: 'Brands',
    allBrands: 'All brands',
    loading: 'Loading…',
    notFound: 'There is no such page',
    forbidden: 'Your role has no access to this page',
    backHome: 'Back to the home page',
    sessionEnded:
      'Your session ended: log in again (sessions end after 15 minutes without activity, after 12 hours, at a logout elsewhere or when your account changes)',
    loggedOut: 'You have logged out',
    idleHint: 'Sessions end after 15 minutes without activity',
    group: {
      reports: 'Reports',
      marketing: 'Marketing',
      content: 'Content',
      games: 'Games',
      brands: 'Brands',
      service: 'Customer service',
    },
  },
});
