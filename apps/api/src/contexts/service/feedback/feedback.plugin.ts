import type { FastifyInstance } from 'fastify';
import { feedbackRoutes } from './feedback.routes.ts';
import { uploadCleanupSweep } from './upload-cleanup.ts';
import type { FeedbackService } from './feedback.service.ts';

/** Feedback tickets, the operators' answers, and the clean-up of images never sent. */
export async function feedbackModule(app: FastifyInstance, options: { feedback: FeedbackService }) {
  await app.register(feedbackRoutes, options);
  // Hourly: feedback images never attached to a ticket, once older than a day.
  app.addSweep(uploadCleanupSweep());
}
