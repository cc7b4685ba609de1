import { defineMessages } from '../../lib/messages.ts';

export const actionLogMessages = defineMessages({
  'zh-CN': {
    menu: '操作日志',
    title: '操作日志',
    operator: '操作人',
    action: '操作',
    targetType: '对象类型',
    targetId: '对象 ID',
    time: '时间',
    reason: '原因',
    ip: 'IP',
    id: '编号',
    period: '时间范围',
    shown: '已显示 {{rows}} 条，最新的在前',
  },
  en: {
    menu: 'Action log',
    title: 'Action log',
    operator: 'Operator',
    action: 'Action',
    targetType: 'Target type',
    targetId: 'Target id',
    time: 'Time',
    reason: 'Reason',
    ip: 'IP',
    id: 'No.',
    period: 'Period',
    shown: '{{rows}} shown, newest first',
  },
});
