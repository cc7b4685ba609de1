/**
 * The baseline server of the benches: bare Fastify, no hooks, no database, answering the shape
 * of a small envelope on GET and POST. Started by bench/lib/processes.ts in its own process.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const body = { status: true, data: { online: true } };
app.get('/bare', async () => body);
app.post('/bare', async () => body);
await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 0) });
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
