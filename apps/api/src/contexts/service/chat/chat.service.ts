import type { Cache } from '../../../cache/index.ts';
import type { Database } from '../../../db/client.ts';
import type { OperatorService } from '../../identity/operator/index.ts';
import type { UploadUrlSigner } from '../../identity/upload/index.ts';
import { ChatConsoleService, type MemberContextReaders } from './chat-console.service.ts';
import { ChatDelivery } from './chat-delivery.ts';
import { ChatOperatorService } from './chat-operator.service.ts';
import { ChatVisitorService } from './chat-visitor.service.ts';

/**
 * Customer service chats. Every message is stored first (one transaction, the conversation row
 * locked, idempotent by the sender's client message id) and only then announced through the
 * cache's publish/subscribe, so any API node's sockets deliver it and a lost announcement costs a
 * refetch, never a message. The visitor's side and the operators' side are services of their
 * own over one delivery (chat-delivery.ts); routes and sockets call the side they serve.
 */
export class ChatService {
  readonly visitorSide: ChatVisitorService;
  readonly operatorSide: ChatOperatorService;
  /** The console's canned replies, transfers, images and member context. */
  readonly console: ChatConsoleService;

  constructor(deps: {
    db: Database;
    cache: Cache;
    signer: UploadUrlSigner;
    operators: OperatorService;
    /** What the console shows of a member (other contexts' public services). */
    readers?: MemberContextReaders;
  }) {
    const { db, cache, signer, operators } = deps;
    const delivery = new ChatDelivery({ db, cache, signer });
    this.visitorSide = new ChatVisitorService({ db, cache, delivery });
    this.operatorSide = new ChatOperatorService({ db, operators, delivery });
    this.console = new ChatConsoleService({ db, operators, delivery, readers: deps.readers });
  }
}
