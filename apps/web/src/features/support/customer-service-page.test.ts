import { describe, expect, it } from 'vitest';
import { createAppI18n } from '../../app/i18n.ts';
import { systemText } from './customer-service-page.tsx';

describe('system messages of the chat', () => {
  it('name the event, and read in the page language', async () => {
    const zh = await createAppI18n('zh-CN');
    const en = await createAppI18n('en');
    const say = (language: typeof zh, body: string) => {
      const text = systemText({ body, operatorName: '小美' });
      return language.t(text.key, text.options);
    };
    expect(say(zh, 'joined')).toBe('客服 小美 为您服务');
    expect(say(zh, 'closed')).toBe('会话已结束');
    expect(say(zh, 'idle')).toBe('会话长时间无新消息，已自动结束');
    expect(say(en, 'idle')).toBe('The conversation ended after a long silence');
  });
});
