import type { FastifyInstance } from 'fastify';
import { captchaRoutes } from './captcha.routes.ts';
import type { CaptchaService } from './captcha.service.ts';

/** Graphic captchas. */
export async function captchaModule(app: FastifyInstance, options: { captchas: CaptchaService }) {
  await app.register(captchaRoutes, options);
}
