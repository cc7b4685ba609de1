import { defineMessages } from '../../lib/messages.ts';

export const exclusionRegistryMessages = defineMessages({
  'zh-CN': {
    menu: '自我排除名单',
    title: '跨品牌自我排除名单',
    intro:
      '按标识查询是否有人已自我排除：只显示是否命中及其品牌和期限，不显示是谁。每次查询记入操作日志（不记录查询值）。',
    kind: '标识类型',
    kinds: {
      phone: '手机号（含区号）',
      email: '邮箱',
      name_dob: '姓名|出生日期',
      id_number: '证件号',
    },
    value: '标识',
    search: '查询',
    none: '无命中',
    brand: '品牌',
    startsAt: '开始',
    endsAt: '结束',
    indefinite: '无限期',
  },
  en: {
    menu: 'Exclusion registry',
    title: 'Cross-brand exclusion registry',
    intro:
      'Whether someone is self-excluded, by identifier: only a match, its brand and period, never who. Each search is in the action log (without the value).',
    kind: 'Identifier',
    kinds: {
      phone: 'Phone (with area code)',
      email: 'E-mail',
      name_dob: 'Name|date of birth',
      id_number: 'ID number',
    },
    value: 'Value',
    search: 'Search',
    none: 'No match',
    brand: 'Brand',
    startsAt: 'From',
    endsAt: 'Until',
    indefinite: 'Indefinite',
  },
});
