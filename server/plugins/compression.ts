// Compresses text answers (API JSON, the pages, stored SVGs) for clients that accept it; Brotli at a
// quality that is fast enough per request. The web app's own assets are compressed once at build
// time and sent as they are (static-files.ts), so they are skipped here.
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import compress from '@fastify/compress';

export default fp(
  async function compression(app: FastifyInstance) {
    await app.register(compress, {
      global: true,
      threshold: 1024,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
    });
  },
  { name: 'compression' },
);
