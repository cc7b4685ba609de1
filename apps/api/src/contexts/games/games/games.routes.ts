import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  gameListEndpoint,
  gameSettingsEndpoint,
  launchGameEndpoint,
  updateGameSettingsEndpoint,
} from '@lobby/contracts';
import { catalogGame, catalogPlatform } from '@lobby/game-protocol';
import { commonError } from '../../../lib/app-error.ts';
import { envelopeResponses, ok, svgResponses } from '../../../lib/envelope.ts';
import type { GamesService } from './games.service.ts';
import { gameIconSvg, ICON_PATHS, iconFileStem, platformIconSvg } from './icons.ts';
import { memberIdOf } from '../../../plugins/session.ts';

const FORM = ['application/x-www-form-urlencoded', 'application/json'];
const member = { access: 'member' as const };

/** Icons are the same for everyone and change only with ICON_VERSION in their URL. */
function sendSvg(reply: FastifyReply, svg: string) {
  return reply
    .header('content-type', 'image/svg+xml; charset=utf-8')
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
    .send(svg);
}

const iconFile = z.string().min(5).max(80);

/**
 * The member's game platforms: the list (guests too), entering a game, the automatic-transfer
 * setting, and the generated platform and game tiles.
 */
export async function gamesRoutes(app: FastifyInstance, options: { games: GamesService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { games } = options;

  routes.get(
    gameListEndpoint.path,
    {
      config: { access: 'optional' },
      schema: {
        tags: ['games'],
        summary:
          "The brand's game platforms of a category (show) in order, with games, maintenance, " +
          'and for a member each platform balance and whether a transfer is in transit',
        querystring: gameListEndpoint.query,
        response: envelopeResponses(gameListEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await games.list(
          request.brand,
          request.language,
          request.member ? BigInt(request.member.memberId) : null,
          request.query.show,
        ),
      ),
  );

  routes.post(
    launchGameEndpoint.path,
    {
      config: { ...member, rateLimitBucket: 'money' as const },
      schema: {
        tags: ['games'],
        summary:
          'Enter a game: a one-time URL from the platform, after moving the centre wallet in ' +
          'when the automatic-transfer setting is on',
        consumes: FORM,
        body: launchGameEndpoint.body,
        response: envelopeResponses(launchGameEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await games.launch({
          brand: request.brand,
          language: request.language,
          memberId: memberIdOf(request),
          platformId: request.body.platform,
          gameCode: request.body.gameCode,
          returnPath: request.body.returnUrl,
          origin: `${request.protocol}://${request.host}`,
          idempotencyKey: request.body.idempotencyKey,
        }),
      ),
  );

  routes.get(
    gameSettingsEndpoint.path,
    {
      config: member,
      schema: {
        tags: ['games'],
        summary: "The member's game settings (automatic transfer on entering a game)",
        response: envelopeResponses(gameSettingsEndpoint.response),
      },
    },
    async (request) => ok(await games.settings(request.brand, memberIdOf(request))),
  );

  routes.post(
    updateGameSettingsEndpoint.path,
    {
      config: member,
      schema: {
        tags: ['games'],
        summary: 'Turn the automatic transfer on entering a game on or off',
        consumes: FORM,
        body: updateGameSettingsEndpoint.body,
        response: envelopeResponses(updateGameSettingsEndpoint.response),
      },
    },
    async (request) => {
      const on = request.body.autoTransfer === '1' || request.body.autoTransfer === 'true';
      return ok(await games.updateSettings(request.brand, memberIdOf(request), on));
    },
  );

  routes.get(
    ICON_PATHS.platform,
    {
      schema: {
        tags: ['games'],
        summary: "A platform's tile (SVG), e.g. /api/game/icons/platform/17.svg",
        params: z.object({ file: iconFile }),
        response: svgResponses(),
      },
    },
    async (request, reply) => {
      const stem = iconFileStem(request.params.file);
      const platform =
        stem && /^[1-9][0-9]{0,5}$/.test(stem) ? catalogPlatform(Number(stem)) : null;
      if (!platform) throw commonError('not_found');
      return sendSvg(reply, platformIconSvg(platform));
    },
  );

  routes.get(
    ICON_PATHS.game,
    {
      schema: {
        tags: ['games'],
        summary: "A game's tile (SVG), e.g. /api/game/icons/game/17/golden-koi.svg",
        params: z.object({
          platformId: z.coerce.number().int().min(1).max(999_999),
          file: iconFile,
        }),
        response: svgResponses(),
      },
    },
    async (request, reply) => {
      const stem = iconFileStem(request.params.file);
      const platform = catalogPlatform(request.params.platformId);
      const game = platform && stem ? catalogGame(platform.id, stem) : undefined;
      if (!platform || !game) throw commonError('not_found');
      return sendSvg(reply, gameIconSvg(platform, game));
    },
  );
}
