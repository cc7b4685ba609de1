import { CustomerServiceOutlined, MessageOutlined } from '@ant-design/icons';
import type { AdminFeature } from '../../lib/feature.ts';
import { serviceMessages } from './i18n.ts';

/**
 * The customer service console: the chat queue, the conversation with the member beside it, and
 * the canned replies the agents pick from.
 */
export const serviceFeature: AdminFeature = {
  key: 'service',
  messages: serviceMessages,
  routes: [
    {
      path: 'service/chat',
      permission: 'chat.answer',
      load: () => import('./chat-console-page.tsx'),
      menu: { label: 'menuChat', icon: <CustomerServiceOutlined />, order: 100, group: 'service' },
    },
    {
      path: 'service/canned-replies',
      permission: 'chat.answer',
      load: () => import('./canned-replies-page.tsx'),
      menu: { label: 'menuCanned', icon: <MessageOutlined />, order: 101, group: 'service' },
    },
  ],
};
