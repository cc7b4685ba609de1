import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminMemberRecallGamesEndpoint, adminMemberRecallRoundsEndpoint } from '@lobby/contracts';
import { appError } from '../../../lib/app-error.ts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import { recordBrand } from '../../../plugins/operator-auth.ts';
import type { GameRecallService, RecallMember } from '../../games/bet-records/index.ts';
import type { MemberHistoryService } from './member-history.service.ts';
import { MEMBER_HISTORY_ERRORS } from './member-history.errors.ts';

const tags = ['operator'];

/** Game recall in the member 360 view: reads only, within the operator's brands. */
export async function memberRecallRoutes(
  app: FastifyInstance,
  options: { memberHistory: MemberHistoryService; gameRecall: GameRecallService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { memberHistory: history, gameRecall } = options;
  // Another brand's member answers as a missing one.
  const config = {
    access: 'operator',
    permission: 'members.read',
    brand: recordBrand('id', history.brandOf, () =>
      appError(MEMBER_HISTORY_ERRORS, 'member_not_found'),
    ),
  } as const;
  const recallMember = async (id: string): Promise<RecallMember> => {
    const member = await history.member(id);
    return {
      brandCode: member.brand.config.code,
      memberId: member.memberId,
      currency: member.currency,
    };
  };

  routes.get(
    adminMemberRecallGamesEndpoint.path,
    {
      config,
      schema: {
        tags,
        summary: 'Game recall: the games the member played, most recently played first',
        params: adminMemberRecallGamesEndpoint.params,
        response: envelopeResponses(adminMemberRecallGamesEndpoint.response),
      },
    },
    async (request) =>
      ok(await gameRecall.games(await recallMember(request.params.id), request.language)),
  );

  routes.get(
    adminMemberRecallRoundsEndpoint.path,
    {
      config,
      schema: {
        tags,
        summary: "Game recall: the member's last 10 rounds of a game with the provider's details",
        params: adminMemberRecallRoundsEndpoint.params,
        querystring: adminMemberRecallRoundsEndpoint.query,
        response: envelopeResponses(adminMemberRecallRoundsEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await gameRecall.rounds(
          await recallMember(request.params.id),
          { platformId: request.query.platform, gameCode: request.query.game },
          request.language,
        ),
      ),
  );
}
