import type { FastifyInstance } from 'fastify';
import { feedbackRoutes } from './feedback.routes.ts';
import type { FeedbackService } from './feedback.service.ts';

/** Feedback tickets and the operators' answers. */
export async function feedbackModule(app: FastifyInstance, options: { feedback: FeedbackService }) {
  await app.register(feedbackRoutes, options);
}
