import { constants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyCompress from '@fastify/compress';

/**
 * Answers smaller than this go out as they are: compressing a small answer (the heartbeat, the
 * balance) costs more CPU than the bytes it saves.
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses answers of at least COMPRESSION_THRESHOLD_BYTES (JSON, text, the API docs) with
 * brotli or gzip, whichever the client prefers, and adds `Vary: accept-encoding`. Brotli at
 * quality 4, about as fast as gzip's default, since every answer is compressed anew. Answers
 * that already carry a Content-Encoding (the site's files, precompressed at build time and
 * served by plugins/web.ts) pass untouched. Request bodies are not decompressed, so the body
 * limit keeps bounding what a request makes the server read. Registered before the routes: it
 * hooks each route as it is added.
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(fastifyCompress, {
      global: true,
      globalDecompression: false,
      encodings: ['br', 'gzip'],
      threshold: COMPRESSION_THRESHOLD_BYTES,
      brotliOptions: {
        params: {
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_QUALITY]: 4,
        },
      },
      zlibOptions: { level: 6 },
    });
  },
  { name: 'compression' },
);
