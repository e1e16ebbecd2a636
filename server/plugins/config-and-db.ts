// Makes the checked configuration and the database available to every plugin and route.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from './config';
import type { Db } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
  }
}

export default fp(
  async function configAndDb(app: FastifyInstance, opts: { config: Config; db: Db }) {
    app.decorate('config', opts.config);
    app.decorate('db', opts.db);
  },
  { name: 'config' },
);
