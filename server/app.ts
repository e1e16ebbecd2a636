// Builds the Fastify application: cross-cutting plugins first, then the domain modules in the order
// a reader meets them. main.ts listens; the tests call buildApp() and use app.inject().
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { fastifyTrustProxy, type Config } from './plugins/config';
import { withSafeErrorLogging } from './lib/error-log';
import { requestValidation } from './lib/request-validation';
import type { Db, Listen } from './db/client';
import configAndDb from './plugins/config-and-db';
import contentListener from './plugins/content-listener';
import databaseFaults from './plugins/database-faults';
import errors from './plugins/errors';
import allowedMethods, { routerErrors } from './plugins/allowed-methods';
import stopping from './plugins/stopping';
import bodyLimits, { DEFAULT_BODY_LIMIT } from './plugins/body-limits';
import inputText from './plugins/input-text';
import security from './plugins/security';
import compression from './plugins/compression';
import rateLimits from './plugins/rate-limit';
import loadShedding from './plugins/load-shedding';
import session from './plugins/session';
import staff from './plugins/staff';
import privateAnswers from './plugins/private-answers';
import accessRules from './plugins/access';
import openapi from './plugins/openapi';
import metrics from './plugins/metrics';
import staticFiles from './plugins/static-files';
import health from './modules/health/routes';
import sms from './modules/auth/sms/sms-plugin';
import type { SmsProvider } from './modules/auth/sms/sms-provider';
import auth from './modules/auth/routes';
import users from './modules/users/routes';
import events from './modules/events/routes';
import publicEvents from './modules/events/public-routes';
import eventStaff from './modules/events/staff-routes';
import courses from './modules/courses/routes';
import quizzes from './modules/quizzes/routes';
import progress from './modules/progress/routes';
import journal from './modules/journal/routes';
import outbox from './modules/outbox/routes';
import packs from './modules/packs/routes';
import ratings from './modules/ratings/routes';
import certificates from './modules/certificates/routes';
import blogs from './modules/blogs/routes';
import successStories from './modules/success-stories/routes';
import gallery from './modules/gallery/routes';
import banners from './modules/banners/routes';
import staffRoutes from './modules/staff/routes';
import audit from './modules/audit/routes';
import mediaLibrary from './modules/media-library/routes';
import authoring from './modules/authoring/routes';
import translationExchange from './modules/translation-exchange/routes';
import analytics from './modules/analytics/routes';
import readAloud from './modules/read-aloud/routes';
import pages from './modules/pages/routes';

export interface AppOptions {
  config: Config;
  db: Db;
  /**
   * The database's notifications (Database.listen), so this instance empties its public caches when
   * content is published anywhere; null only where nothing is published while it runs (a statement
   * log, a measurement).
   */
  listen: Listen | null;
  /** Folder of the built web app (dist/web); the API alone runs without it. */
  webDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** Replaces the configured SMS provider (a test's fake). */
  sms?: SmsProvider;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: withSafeErrorLogging(options.logger ?? { level: options.config.logLevel }),
    trustProxy: fastifyTrustProxy(options.config.trustProxy),
    // Requests for the API are logged; pages, scripts, fonts and images are not, so the log stays
    // readable (and a one-time password written there in development is easy to find).
    logController: new LogController({ disableRequestLogging: (request) => !request.url.startsWith('/api/') }),
    // Each route gets the limit its body schema needs (plugins/body-limits.ts).
    bodyLimit: DEFAULT_BODY_LIMIT,
    // Requests that reach the server on an open connection while it stops are answered as usual,
    // their connection closed after them (plugins/stopping.ts).
    return503OnClosing: false,
    // An address the router cannot read is answered through the error handler, as {code, message}.
    frameworkErrors: routerErrors,
    // Unknown fields are dropped; "5" in a query becomes 5, a body of the wrong type is refused.
    schemaController: requestValidation,
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Cross-cutting, in dependency order.
  await app.register(configAndDb, { config: options.config, db: options.db });
  await app.register(contentListener, { listen: options.listen });
  await app.register(databaseFaults);
  await app.register(errors);
  await app.register(allowedMethods);
  await app.register(stopping);
  await app.register(bodyLimits);
  await app.register(inputText);
  await app.register(security);
  await app.register(compression);
  await app.register(rateLimits);
  await app.register(loadShedding);
  await app.register(metrics);
  await app.register(session, { listen: options.listen });
  await app.register(staff);
  await app.register(privateAnswers);
  await app.register(accessRules);
  await app.register(openapi);

  // Domain modules.
  await app.register(health);
  await app.register(sms, { provider: options.sms });
  await app.register(auth);
  await app.register(users);
  await app.register(courses);
  await app.register(quizzes);
  await app.register(progress);
  await app.register(journal);
  await app.register(outbox);
  await app.register(packs);
  await app.register(ratings);
  await app.register(certificates);
  await app.register(blogs);
  await app.register(successStories);
  await app.register(gallery);
  await app.register(banners);
  await app.register(publicEvents);
  await app.register(events);

  // The staff side: who is signed in as staff, the audit log, the media library, authoring content
  // and its exchange with translators' tools.
  await app.register(staffRoutes);
  await app.register(audit);
  await app.register(mediaLibrary);
  await app.register(authoring);
  await app.register(translationExchange);
  await app.register(analytics);
  // Voices of published courses for learners, and the staff's queue and recordings (ADR 41).
  await app.register(readAloud);
  await app.register(eventStaff);

  // Files and the web app last, so API routes always win.
  await app.register(staticFiles, { webDir: options.webDir });

  // The web app's pages with their share-preview tags; unknown /api/* paths stay JSON 404s.
  await app.register(pages, { webDir: options.webDir });

  await app.ready();
  return app;
}
