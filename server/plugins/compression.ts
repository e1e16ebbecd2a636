// Compresses text answers (API JSON, the pages, stored SVGs) for clients that accept it, with the
// settings of lib/compression.ts. The web app's own assets are compressed once at build time and sent
// as they are (static-files.ts), and answers kept finished (lib/cached-json.ts) carry their own
// compressed bytes, so both are skipped here.
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import compress from '@fastify/compress';
import { BROTLI_QUALITY, COMPRESS_THRESHOLD, ENCODINGS } from '../lib/compression';

export default fp(
  async function compression(app: FastifyInstance) {
    await app.register(compress, {
      global: true,
      threshold: COMPRESS_THRESHOLD,
      encodings: [...ENCODINGS],
      brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    });
  },
  { name: 'compression' },
);
