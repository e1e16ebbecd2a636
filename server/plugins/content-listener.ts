// The server's public caches (lib/public-caches.ts, `app.publicCaches`) and what empties them: this
// instance listens on the content_changed channel, and a published, unpublished, deleted or restored
// piece of content (announced in the transaction that made the change, lib/content-changes.ts)
// empties the caches of its kind on every instance within a moment of the commit. When the
// listening connection is lost and comes back, every cache is emptied, since announcements in
// between were missed; until then the caches' short lifetime bounds how late a change shows.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Listen } from '../db/client';
import { CONTENT_CHANNEL, parseContentChange } from '../lib/content-changes';
import { createPublicCaches, type PublicCaches } from '../lib/public-caches';
import { publicCacheMs } from '../lib/ttl-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every cache of content that visitors share; make a new one with app.publicCaches.create(). */
    publicCaches: PublicCaches;
  }
}

export default fp(
  async function contentListener(app: FastifyInstance, opts: { listen: Listen | null }) {
    const caches = createPublicCaches(publicCacheMs(app.config.env));
    app.decorate('publicCaches', caches);
    if (!opts.listen) return;
    const stop = await opts.listen(CONTENT_CHANNEL, {
      notification(payload) {
        const change = parseContentChange(payload);
        if (change) {
          caches.changed(change);
        } else {
          app.log.warn({ payload: payload.slice(0, 200) }, 'content change not understood: every public cache emptied');
          caches.clearAll();
        }
      },
      lost(error) {
        app.log.warn(
          { reason: error.message },
          'not listening for content changes: public caches are kept only for their lifetime until it returns',
        );
      },
      reconnected() {
        caches.clearAll();
        app.log.info('listening for content changes again: every public cache emptied');
      },
    });
    app.addHook('onClose', async () => {
      await stop();
    });
  },
  { name: 'content-listener', dependencies: ['config'] },
);
