import { config } from 'zod';

/**
 * Imported first by main.tsx, before any schema of @lobby/contracts is built: zod would probe
 * `new Function` (to compile its parsers) when the first object schema is made, and the page's
 * policy (script-src 'self', no 'unsafe-eval') refuses and reports that. Parsing without
 * compiling is fast enough for the console's answers.
 */
config({ jitless: true });
