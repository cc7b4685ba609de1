import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { captchaEndpoint } from '@lobby/contracts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import type { CaptchaService } from './captcha.service.ts';

/** The graphic captcha of register, login and code requests. */
export async function captchaRoutes(app: FastifyInstance, options: { captchas: CaptchaService }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    captchaEndpoint.path,
    {
      config: { rateLimitBucket: 'captcha' },
      schema: {
        tags: ['member'],
        summary: 'A new graphic captcha: its key and its picture (SVG data URL)',
        response: envelopeResponses(captchaEndpoint.response),
      },
    },
    async (_request, reply) => {
      const captcha = await options.captchas.create();
      reply.header('cache-control', 'no-store');
      return ok(captcha);
    },
  );
}
