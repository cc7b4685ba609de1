import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from '@fastify/websocket';
import {
  CHAT_AUTH_TIMEOUT_MS,
  CHAT_CLOSE_CODES,
  CHAT_FRAME_MAX_BYTES,
  CHAT_HEARTBEAT_MS,
  CHAT_RATE_LIMIT,
  chatClientFrameSchema,
  findRefusedText,
  multilinePathsOf,
  type ChatClientFrame,
  type ChatServerFrame,
  type Language,
} from '@lobby/contracts';
import { errorMessage } from '@lobby/i18n';
import type { Cache } from '../../../cache/index.ts';
import { AppError, appError, commonError } from '../../../lib/app-error.ts';
import type { BrandRegistry } from '../../platform/brand/index.ts';
import { inBrandScope, OPERATOR_AUTH_ERRORS } from '../../../plugins/operator-auth.ts';
import type { OperatorIdentity, OperatorService } from '../../identity/operator/index.ts';
import { CHAT_ERRORS } from './chat.errors.ts';
import { operatorsChannel, visitorChannel } from './chat-delivery.ts';
import type { Visitor } from './chat-visitor.service.ts';
import type { ChatService } from './chat.service.ts';

const FRAME_MULTILINE_PATHS = multilinePathsOf(chatClientFrameSchema);

/** A connection past this many times the frame limit in one window is cut, not just refused. */
const ABUSE_FACTOR = 3;

type Peer =
  | { role: 'none' }
  | { role: 'visitor'; visitor: Visitor }
  | { role: 'operator'; operator: OperatorIdentity; brandCode: string };

/**
 * One WebSocket of the chat, visitor's or operator's. The first frame authenticates (a ticket
 * from the REST start call, or an operator token); until then nothing else is accepted, and a
 * connection that stays silent is closed. Frames are bounded in size and counted per window, and
 * every refusal is an error frame with a code, so a client knows why. What the server pushes comes
 * from the cache's publish/subscribe: the socket subscribes to its visitor's channel or its
 * brand's operators' channel, whichever node published.
 */
export function serveChatSocket(
  socket: WebSocket,
  context: {
    chat: ChatService;
    cache: Cache;
    operators: OperatorService;
    brands: BrandRegistry;
    language: Language;
    log: FastifyBaseLogger;
  },
): void {
  const { chat, cache, language, log } = context;
  let peer: Peer = { role: 'none' };
  let unsubscribe: (() => Promise<void>) | undefined;
  let closed = false;
  let windowStart = Date.now();
  let framesInWindow = 0;
  let alive = true;
  // Frames are handled one after another, so a send and the read that follows keep their order.
  let queue: Promise<void> = Promise.resolve();

  const send = (frame: ChatServerFrame) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
  };
  const refuse = (error: AppError, clientMessageId?: string) => {
    send({
      type: 'error',
      code: error.code,
      message: errorMessage(error.code, language, error.params),
      ...(clientMessageId ? { clientMessageId } : {}),
    });
  };

  const authTimer = setTimeout(() => {
    if (peer.role === 'none') socket.close(CHAT_CLOSE_CODES.authTimeout, 'auth timeout');
  }, CHAT_AUTH_TIMEOUT_MS);
  // Browsers answer protocol pings by themselves; a peer that stops answering is gone.
  const heartbeat = setInterval(() => {
    if (!alive) {
      socket.terminate();
      return;
    }
    alive = false;
    socket.ping();
  }, CHAT_HEARTBEAT_MS * 2);

  socket.on('pong', () => {
    alive = true;
  });
  socket.on('close', () => {
    closed = true;
    clearTimeout(authTimer);
    clearInterval(heartbeat);
    void unsubscribe?.().catch(() => undefined);
  });
  socket.on('error', (error) => {
    log.warn({ err: error }, 'chat socket error');
  });

  const subscribe = async (channel: string) => {
    const stop = await cache.subscribe(channel, (message) => {
      if (socket.readyState === socket.OPEN) socket.send(message);
    });
    // The socket may have closed while subscribing: then the subscription ends at once.
    if (closed) await stop();
    else unsubscribe = stop;
  };

  const handle = async (frame: ChatClientFrame) => {
    if (frame.type === 'ping') {
      send({ type: 'pong' });
      return;
    }
    if (frame.type === 'auth' || frame.type === 'operatorAuth') {
      if (peer.role !== 'none') return;
      if (frame.type === 'auth') {
        const visitor = await chat.visitorSide.redeemTicket(frame.ticket);
        await subscribe(visitorChannel(visitor));
        peer = { role: 'visitor', visitor };
        send({
          type: 'ready',
          role: 'visitor',
          conversation: await chat.visitorSide.current(visitor),
        });
      } else {
        const operator = await context.operators.resolve(frame.operatorToken);
        const brand = context.brands.get(frame.brand.toLowerCase());
        if (!operator || !brand) throw appError(OPERATOR_AUTH_ERRORS, 'operator_token');
        // The same rule as the chat's REST routes: chat.answer, in a brand of the operator's.
        if (
          operator.totpEnrolmentRequired ||
          !operator.permissions.has('chat.answer') ||
          !inBrandScope(operator, brand.config.code)
        ) {
          throw appError(OPERATOR_AUTH_ERRORS, 'forbidden');
        }
        await subscribe(operatorsChannel(brand.config.code));
        peer = { role: 'operator', operator, brandCode: brand.config.code };
        send({ type: 'ready', role: 'operator', conversation: null });
      }
      clearTimeout(authTimer);
      return;
    }
    if (peer.role === 'none') throw appError(CHAT_ERRORS, 'chat_auth_required');
    if (peer.role === 'visitor') {
      const { visitor } = peer;
      if (frame.type === 'send') {
        const { message, conversation } = await chat.visitorSide.sendFromVisitor(visitor, frame);
        send({ type: 'sent', clientMessageId: frame.clientMessageId, message, conversation });
      } else if (frame.type === 'read') {
        await chat.visitorSide.markVisitorRead(visitor, frame.conversationId, frame.lastId);
      } else {
        await chat.visitorSide.visitorTyping(visitor, frame.conversationId);
      }
      return;
    }
    const { operator, brandCode } = peer;
    if (frame.type === 'typing' && frame.conversationId === undefined) return;
    const conversationId = frame.conversationId;
    if (conversationId === undefined) throw appError(CHAT_ERRORS, 'chat_conversation_not_found');
    // An operator's socket watches one brand and may act on that brand's conversations only.
    if ((await chat.operatorSide.conversationBrand(conversationId)) !== brandCode) {
      throw appError(CHAT_ERRORS, 'chat_conversation_not_found');
    }
    if (frame.type === 'send') {
      const message = await chat.operatorSide.sendFromOperator(operator, conversationId, frame);
      const { conversation } = await chat.operatorSide.operatorMessages(conversationId, {
        limit: 1,
      });
      send({ type: 'sent', clientMessageId: frame.clientMessageId, message, conversation });
    } else if (frame.type === 'read') {
      await chat.operatorSide.markOperatorRead(conversationId, frame.lastId);
    } else {
      await chat.operatorSide.operatorTyping(conversationId);
    }
  };

  socket.on('message', (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
    alive = true;
    const now = Date.now();
    if (now - windowStart >= CHAT_RATE_LIMIT.windowMs) {
      windowStart = now;
      framesInWindow = 0;
    }
    framesInWindow += 1;
    if (framesInWindow > CHAT_RATE_LIMIT.frames * ABUSE_FACTOR) {
      socket.close(CHAT_CLOSE_CODES.tooManyFrames, 'too many frames');
      return;
    }
    if (framesInWindow > CHAT_RATE_LIMIT.frames) {
      refuse(
        appError(CHAT_ERRORS, 'chat_rate_limited', {
          retryAfterSeconds: (CHAT_RATE_LIMIT.windowMs - (now - windowStart)) / 1000,
        }),
      );
      return;
    }
    const bytes = Buffer.isBuffer(data)
      ? data
      : Array.isArray(data)
        ? Buffer.concat(data)
        : Buffer.from(data);
    if (bytes.length > CHAT_FRAME_MAX_BYTES) {
      refuse(appError(CHAT_ERRORS, 'chat_frame_too_large'));
      return;
    }
    let frame: ChatClientFrame;
    try {
      if (isBinary) throw new Error('binary frame');
      const json: unknown = JSON.parse(bytes.toString('utf8'));
      // The text rule of every request: no control characters, line breaks in messages only.
      const issue = findRefusedText(json, FRAME_MULTILINE_PATHS);
      if (issue) {
        refuse(commonError('validation', [issue]));
        return;
      }
      const parsed = chatClientFrameSchema.safeParse(json);
      if (!parsed.success) throw new Error('unknown frame');
      frame = parsed.data;
    } catch {
      refuse(appError(CHAT_ERRORS, 'chat_frame_invalid'));
      return;
    }
    queue = queue.then(async () => {
      try {
        await handle(frame);
      } catch (error) {
        const clientMessageId = frame.type === 'send' ? frame.clientMessageId : undefined;
        if (error instanceof AppError) {
          refuse(error, clientMessageId);
          // A failed authentication ends the connection: the client must fetch a new ticket.
          if (frame.type === 'auth' || frame.type === 'operatorAuth') {
            socket.close(CHAT_CLOSE_CODES.authFailed, error.code);
          }
          return;
        }
        log.error({ err: error, frame: frame.type }, 'chat frame failed');
        refuse(new AppError('internal', 500), clientMessageId);
      }
    });
  });
}
