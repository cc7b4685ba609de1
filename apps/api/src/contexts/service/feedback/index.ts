/** The feedback module's public surface: what other modules may use. */
export { feedbackModule } from './feedback.plugin.ts';
export { FeedbackService } from './feedback.service.ts';
