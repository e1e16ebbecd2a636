// Stored files (images, documents, videos) under /uploads, and the built web app. Files named by
// their content's hash (uploads/by-hash/) never change, so they are cached for a year; the sample
// content's files keep their path when replaced, so a week; the app's hashed assets forever.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { CONTENT_KEY_FOLDER } from '../lib/storage/file-storage';

export const UPLOADS_PREFIX = '/uploads/';
/** The policy of every stored file: no script, no plugin, a sandbox of its own. */
export const UPLOAD_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
const INLINE_FILE = /\.(svg|png|jpe?g|webp|avif|gif|webm|mp4|vtt)$/i;

export default fp(
  async function staticFiles(app: FastifyInstance, opts: { webDir?: string }) {
    // A stored file opened on its own (an SVG, a PDF with an /OpenAction script, whatever a staff
    // member uploaded) is a document from the site's origin: it gets a policy that allows no script
    // and sandboxes it as an origin of its own (replacing the site's policy, set earlier in the
    // request). An <img>, <video> or download is not affected by it.
    // A callback hook, not an async one: it runs on every request, and costs no promise this way.
    app.addHook('onRequest', (request, reply, done) => {
      if (request.url.startsWith(UPLOADS_PREFIX)) reply.header('content-security-policy', UPLOAD_POLICY);
      done();
    });
    fs.mkdirSync(app.config.uploadsDir, { recursive: true });
    const contentNamed = path.join(app.config.uploadsDir, CONTENT_KEY_FOLDER) + path.sep;
    await app.register(fastifyStatic, {
      root: app.config.uploadsDir,
      prefix: UPLOADS_PREFIX,
      decorateReply: false,
      index: false,
      // Files being written (.incoming/) and any other dotfile are not served.
      dotfiles: 'ignore',
      cacheControl: false,
      setHeaders(res, filePath) {
        const named = filePath.startsWith(contentNamed);
        res.setHeader('cache-control', named ? 'public, max-age=31536000, immutable' : 'public, max-age=604800');
        // Pictures, videos and captions are shown in the site's pages; anything else (a PDF, a
        // document) is downloaded, never opened as a page of the site's origin.
        if (!INLINE_FILE.test(filePath)) {
          res.setHeader('content-disposition', `attachment; filename="${path.basename(filePath)}"`);
        }
      },
    });
    if (opts.webDir && fs.existsSync(path.join(opts.webDir, 'index.html'))) {
      await app.register(fastifyStatic, {
        root: opts.webDir,
        prefix: '/',
        decorateReply: true,
        index: false,
        wildcard: false,
        // The build writes .br and .gz beside each asset (vite.config.ts); they are sent as they are.
        preCompressed: true,
        // setHeaders below decides the lifetime; send's own max-age=0 would otherwise replace it.
        cacheControl: false,
        setHeaders(res, filePath) {
          res.setHeader(
            'cache-control',
            filePath.includes(`${path.sep}assets${path.sep}`)
              ? 'public, max-age=31536000, immutable'
              : 'public, max-age=300',
          );
        },
      });
    }
  },
  { name: 'static-files', dependencies: ['config'] },
);
