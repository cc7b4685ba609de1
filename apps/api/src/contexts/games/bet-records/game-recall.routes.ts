import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recallGamesEndpoint, recallRoundsEndpoint } from '@lobby/contracts';
import { commonError } from '../../../lib/app-error.ts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import { brandCurrency } from '../../platform/brand/index.ts';
import type { GameRecallService, RecallMember } from './game-recall.service.ts';

/** Game recall for the member: their own games and rounds only. */
export async function gameRecallRoutes(
  app: FastifyInstance,
  options: { gameRecall: GameRecallService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const memberOf = (request: FastifyRequest): RecallMember => {
    if (!request.member) throw commonError('token');
    return {
      brandCode: request.brand.config.code,
      memberId: BigInt(request.member.memberId),
      currency: brandCurrency(request.brand),
    };
  };

  routes.get(
    recallGamesEndpoint.path,
    {
      config: { access: 'member' },
      schema: {
        tags: ['records'],
        summary: 'Game recall: the games the member played, most recently played first',
        response: envelopeResponses(recallGamesEndpoint.response),
      },
    },
    async (request) => ok(await options.gameRecall.games(memberOf(request), request.language)),
  );

  routes.get(
    recallRoundsEndpoint.path,
    {
      config: { access: 'member' },
      schema: {
        tags: ['records'],
        summary:
          "Game recall: the member's last 10 rounds of a game with the provider's round details",
        querystring: recallRoundsEndpoint.query,
        response: envelopeResponses(recallRoundsEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await options.gameRecall.rounds(
          memberOf(request),
          { platformId: request.query.platform, gameCode: request.query.game },
          request.language,
        ),
      ),
  );
}
