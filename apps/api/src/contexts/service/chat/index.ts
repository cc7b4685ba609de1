/** The chat module's public surface: what other modules may use. */
export { chatModule } from './chat.plugin.ts';
export { ChatService } from './chat.service.ts';
export type { MemberContextReaders } from './chat-console.service.ts';
