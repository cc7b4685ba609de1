import { pino } from 'pino';

/** A logger that writes nothing, for tests that need one. */
export const silentLogger = pino({ level: 'silent' });
