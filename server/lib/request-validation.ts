// How a request's parts are validated. A querystring, a path's parameters and headers are strings by
// nature, so "5" becomes 5 and a lone value becomes a one-item array there. A JSON body already has
// its types: coercing it would turn `{"text": null}` into an empty journal and `{"name": 12345}` into
// a saved name, so a body of the wrong type is refused (400 `validation`, naming the field).
// Fastify's own validator compiler (@fastify/ajv-compiler, the one Fastify installs) builds one Ajv
// instance per set of options; each part picks its instance here.
import AjvCompiler, { type BuildCompilerFromPool } from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';

/** Options every part shares: unknown fields are dropped, never stored; defaults are filled in. */
const SHARED = { removeAdditional: 'all', useDefaults: true, allErrors: false } as const;

const buildFromPool = AjvCompiler();

const buildValidator: BuildCompilerFromPool = (externalSchemas) => {
  const strings = buildFromPool(externalSchemas, { customOptions: { ...SHARED, coerceTypes: 'array' } });
  const bodies = buildFromPool(externalSchemas, { customOptions: { ...SHARED, coerceTypes: false } });
  // Fastify calls the compiler with the route's part; the typings name only the schema.
  return ((route: { httpPart?: string }) =>
    (route.httpPart === 'body' ? bodies : strings)(route as never)) as ReturnType<BuildCompilerFromPool>;
};

/** The schemaController option of the Fastify app (server/app.ts). */
export const requestValidation: FastifyServerOptions['schemaController'] = { compilersFactory: { buildValidator } };
