import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseOr, SimError } from '../errors.ts';
import type { FaultInjector } from '../faults/fault-injector.ts';
import {
  placeBetRequest,
  PLAY_SESSION_HEADER,
  roundRequest,
  seedRequest,
  type PlayConfig,
} from './play-api.ts';
import { noticePage, PAGE_HEADERS, shellPage } from './play-page.ts';
import type { PlayService } from './play.service.ts';
import type { ScheduledService } from './scheduled.service.ts';
import type { PlaySession, SessionService } from './session.service.ts';

const tokenParams = z.object({ token: z.string().max(128) });

/** The launch page (GET /play/:token) and the play API of the game pages (/play/api/...). */
export async function playRoutes(
  app: FastifyInstance,
  options: {
    sessions: SessionService;
    play: PlayService;
    scheduled: ScheduledService;
    faults: FaultInjector;
    now: () => Date;
  },
): Promise<void> {
  const { sessions, play, scheduled, faults, now } = options;

  app.get('/play/:token', async (request, reply) => {
    const { token } = parseOr(tokenParams, request.params, 'invalid_request');
    reply.headers(PAGE_HEADERS);
    // Maintenance leaves the token unused, so the same link works once the platform is back.
    const peeked = await sessions.peekLaunch(token);
    if (peeked && faults.inMaintenance(peeked.platformId)) {
      return reply.code(503).send(noticePage('maintenance', peeked.lang));
    }
    const opened = await sessions.openLaunch(token, now());
    if (opened.kind === 'unknown') return reply.code(404).send(noticePage('unknown', 'en'));
    if (opened.kind === 'gone') return reply.code(410).send(noticePage('gone', opened.lang));
    const { session } = opened;
    const config: PlayConfig = {
      sessionId: opened.sessionId,
      lang: session.lang,
      kind: session.game.kind,
      gameCode: session.game.code,
      platformId: session.platform.id,
      gameName: session.game.name[session.lang],
      returnUrl: session.returnUrl,
    };
    return reply.code(200).send(shellPage(config));
  });

  await app.register(
    async (api) => {
      const bySession = new WeakMap<FastifyRequest, PlaySession>();
      api.addHook('preHandler', async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const id = request.headers[PLAY_SESSION_HEADER];
        const session = typeof id === 'string' ? await sessions.resolve(id, now()) : null;
        if (!session) {
          throw new SimError('session_invalid', 401, 'the play session is unknown or expired');
        }
        if (faults.inMaintenance(session.platform.id)) {
          throw new SimError('maintenance', 503, 'the platform is under maintenance');
        }
        bySession.set(request, session);
      });
      const sessionOf = (request: FastifyRequest): PlaySession => {
        const session = bySession.get(request);
        if (!session) throw new Error('play request without a session');
        return session;
      };

      api.get('/state', async (request) => play.state(sessionOf(request)));

      api.post('/seed', async (request) => {
        const body = parseOr(seedRequest, request.body, 'invalid_request');
        return play.setClientSeed(sessionOf(request), body.clientSeed);
      });

      api.post('/round', async (request) => {
        const body = parseOr(roundRequest, request.body, 'invalid_request');
        return play.playRound(sessionOf(request), body.params);
      });

      api.get('/events', async (request) => scheduled.events(sessionOf(request)));

      api.post('/bets', async (request) => {
        const body = parseOr(placeBetRequest, request.body, 'invalid_request');
        return scheduled.placeBet(sessionOf(request), body.params);
      });

      api.get('/bets', async (request) => scheduled.bets(sessionOf(request)));

      api.post('/fish/enter', async (request) => play.fishEnter(sessionOf(request)));
      api.post('/fish/leave', async (request) => play.fishLeave(sessionOf(request)));
    },
    { prefix: '/play/api' },
  );
}
