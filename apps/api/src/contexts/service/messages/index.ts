/** The messages module's public surface: what other modules may use. */
export { messagesModule } from './messages.plugin.ts';
export { MessagesService } from './messages.service.ts';
