import {
  CommentOutlined,
  ContactsOutlined,
  FileTextOutlined,
  NotificationOutlined,
} from '@ant-design/icons';
import type { AdminFeature } from '../../lib/feature.ts';
import { contentMessages } from './i18n.ts';

/**
 * Content: help pages (Markdown with the site's own rendering as preview), messages and
 * broadcasts, members' feedback tickets, and a brand's contact entries.
 */
export const contentFeature: AdminFeature = {
  key: 'content',
  messages: contentMessages,
  routes: [
    {
      path: 'help-pages',
      permission: 'content.manage',
      load: () => import('./help-pages-page.tsx'),
      menu: { label: 'menuHelp', icon: <FileTextOutlined />, order: 70, group: 'content' },
    },
    {
      path: 'help-pages/new',
      permission: 'content.manage',
      load: () => import('./help-page-editor.tsx'),
    },
    {
      path: 'help-pages/:id',
      permission: 'content.manage',
      load: () => import('./help-page-editor.tsx'),
    },
    {
      path: 'messages',
      permission: 'content.manage',
      load: () => import('./messages-page.tsx'),
      menu: { label: 'menuMessages', icon: <NotificationOutlined />, order: 71, group: 'content' },
    },
    {
      path: 'feedback',
      permission: 'feedback.answer',
      load: () => import('./feedback-page.tsx'),
      menu: { label: 'menuFeedback', icon: <CommentOutlined />, order: 72, group: 'content' },
    },
    {
      path: 'feedback/:id',
      permission: 'feedback.answer',
      load: () => import('./feedback-ticket-page.tsx'),
    },
    {
      path: 'contacts',
      permission: 'brands.manage',
      load: () => import('./contacts-page.tsx'),
      menu: { label: 'menuContacts', icon: <ContactsOutlined />, order: 73, group: 'content' },
    },
  ],
};
