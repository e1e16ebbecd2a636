// The API as its OpenAPI document describes it, under fire: every operation of GET /api/openapi.json
// is called with requests generated from its own schemas (valid ones, and hostile ones: wrong types,
// null, huge and empty strings, Indic, right-to-left and zero-width text, deep nesting, missing and
// extra fields, bad ids in the path, odd query strings), anonymously, as a learner and as an admin
// who has confirmed the second factor (so the staff routes are reached too). Every answer must be
// one the document lists for the operation, in the documented media type, with a body that keeps
// to the documented schema, never a 5xx, and never a stack trace or SQL.
//
// Bounded so it fits CI; the seed is printed. FUZZ_SEED=<seed> replays a run, FUZZ_RUNS=<n> sets the
// requests per operation and caller (default 10), FUZZ_SHRINK=1 shrinks a failure to its smallest.
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../test/test-app';
import { signInAs, signInAsStaff } from '../test/sign-in';
import { createCourseFixture } from '../test/course-fixture';

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const RUNS = process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : 10;
const SHRINK = process.env.FUZZ_SHRINK === '1';

// The limit per minute is the rate-limit tests' business; the one-time-password limits still apply.
const t = testAppPerFile({ API_RATE_LIMIT_PER_MINUTE: '1000000' });

type Schema = {
  type?: string;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  nullable?: boolean;
};

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: Schema;
}

interface Operation {
  method: string;
  path: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}

interface GeneratedRequest {
  url: string;
  contentType?: string;
  payload?: string;
}

// ---- Text that has broken servers before ----------------------------------------------------------

const AWKWARD_TEXT = [
  '',
  ' ',
  'नमस्ते दुनिया', // Devanagari, with combining vowel signs
  'ক্ষ্ম', // Bengali conjunct
  'ಕ್ಷೇತ್ರ', // Kannada
  'ஸ்ரீ', // Tamil
  'ଓଡ଼ିଆ', // Odia with nukta
  'मराठी\u200d', // zero-width joiner
  'a\u200bb\u200c\u200d\ufeffc', // zero-width space, non-joiner, joiner, BOM
  'مرحبا بالعالم', // Arabic, right to left
  '\u202eevil\u202c', // right-to-left override
  'שלום',
  '👩🏽‍🌾🇮🇳',
  '\ud800', // a lone surrogate
  'e\u0301\u0301\u0301',
  "' OR '1'='1",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '{{count}}',
  '${process.env}',
  '../../etc/passwd',
  '%00',
  '\\u0000',
  '\r\n\t',
  '9'.repeat(40),
  '1e309',
  '-0',
  'NaN',
  'true',
  'null',
];

const HUGE = ['x'.repeat(70_000), 'क्ष'.repeat(20_000), '\u200b'.repeat(30_000)];

const nested = (depth: number, leaf: unknown): unknown => (depth === 0 ? leaf : [nested(depth - 1, leaf)]);
const nestedObject = (depth: number): unknown => (depth === 0 ? 1 : { a: nestedObject(depth - 1) });

/** Values that are wrong for almost any field. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.constantFrom(...AWKWARD_TEXT),
  fc.constantFrom(...HUGE),
  fc.integer(),
  fc.constantFrom(0, -1, 2 ** 31, 2 ** 53, -(2 ** 63), 1e308, 0.5, -0.000001),
  fc.boolean(),
  fc.constant([]),
  fc.constant({}),
  fc.constantFrom(nested(40, 1), nestedObject(40), nested(5, 'a')),
  fc.jsonValue({ maxDepth: 3 }),
);

/** A path segment no route expects, already encoded for the address. */
const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    'null',
    'undefined',
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    '00000000-0000-4000-8000-00000000000g',
    'zz',
    'EN',
    '%00',
    '%E0%A4',
    '%',
    // (Not %2e%2e: the test's requests resolve it as a dot segment, as a browser does, which asks for
    // another path altogether.)
    '..%2F..',
    '1e999',
    '99999999999999999999',
    'a'.repeat(300),
    '%20',
  ),
  fc.constantFrom(...AWKWARD_TEXT.filter(Boolean)).map(encode),
  fc
    .string({ maxLength: 20 })
    .filter((s) => s.length > 0)
    .map(encode),
);

/** Query strings no route expects, appended as they are. */
const oddQuery: fc.Arbitrary<string> = fc.constantFrom(
  'lang=en&lang=hi',
  'lang[]=en',
  'lang[a]=b',
  'limit=1e400',
  'limit=-0',
  'offset=99999999999999999999',
  '%',
  '%zz=1',
  '=x',
  '&&&',
  '__proto__[x]=1',
  'constructor[prototype][x]=1',
  `search=${encodeURIComponent('क्ष'.repeat(500))}`,
  'q=%00',
  `lang=${'a'.repeat(5000)}`,
);

// ---- Values from the document's schemas ------------------------------------------------------------

/** Ids of rows that exist, and ids the answers named: a generated id is often one of them. */
const knownIds: string[] = [];
const knownId = () => fc.nat().map((n) => knownIds[n % knownIds.length] ?? '00000000-0000-4000-8000-000000000000');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function harvestIds(value: unknown): void {
  if (knownIds.length >= 300) return;
  if (typeof value === 'string' && UUID.test(value) && !knownIds.includes(value)) knownIds.push(value);
  else if (Array.isArray(value)) value.forEach(harvestIds);
  else if (value && typeof value === 'object') Object.values(value).forEach(harvestIds);
}

function validString(schema: Schema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 60, 300);
  if (schema.format === 'uuid') return fc.oneof(knownId(), fc.uuid());
  if (schema.format === 'date-time')
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString());
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    return fc.stringMatching(pattern).filter((s) => s.length >= min && s.length <= (schema.maxLength ?? Infinity));
  }
  return fc.oneof(
    fc.string({ minLength: min, maxLength: max, unit: 'grapheme' }),
    fc.constantFrom(...AWKWARD_TEXT).filter((s) => s.length >= min && s.length <= max),
  );
}

/** A value the schema accepts (as far as generating one allows). */
function valid(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  const value = validNotNull(schema, depth);
  return schema.nullable ? fc.option(value, { nil: null }) : value;
}

function validNotNull(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return fc.oneof(...branches.map((branch) => valid(branch, depth)));
  switch (schema.type) {
    case 'string':
      return validString(schema);
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1000, max: Math.min(schema.maximum ?? 1_000_000, 2 ** 31 - 1) });
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1000,
        max: schema.maximum ?? 1_000_000,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return depth > 4
        ? fc.constant([])
        : fc.array(valid(schema.items ?? {}, depth + 1), {
            minLength: schema.minItems ?? 0,
            maxLength: Math.min(schema.maxItems ?? 3, 3),
          });
    case 'object': {
      if (depth > 4 || !schema.properties) return fc.constant({});
      const shape = Object.fromEntries(
        Object.entries(schema.properties).map(([key, property]) => [key, valid(property, depth + 1)]),
      );
      return fc.record(shape, { requiredKeys: (schema.required ?? []).filter((key) => key in shape) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A body: valid, or valid with one thing wrong, or wrong altogether. */
function body(schema: Schema): fc.Arbitrary<unknown> {
  const good = valid(schema);
  const keys = Object.keys(schema.properties ?? {});
  const mutated = good.chain((value) => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return fc.constant(value);
    const record = value as Record<string, unknown>;
    const present = Object.keys(record);
    const options: fc.Arbitrary<unknown>[] = [
      // an extra field, or one with a name that has tricked parsers
      fc
        .tuple(fc.constantFrom('extra', 'constructor', 'isAdmin', 'role', 'id', 'userId', ''), hostileValue)
        .map(([key, v]) => ({ ...record, [key]: v })),
    ];
    if (keys.length)
      options.push(fc.tuple(fc.constantFrom(...keys), hostileValue).map(([key, v]) => ({ ...record, [key]: v })));
    if (present.length) {
      options.push(
        fc.constantFrom(...present).map((key) => {
          const { [key]: _dropped, ...rest } = record;
          return rest;
        }),
      );
    }
    return fc.oneof(...options);
  });
  return fc.oneof(
    { weight: 3, arbitrary: good },
    { weight: 4, arbitrary: mutated },
    { weight: 2, arbitrary: hostileValue },
  );
}

/** Percent-encoded; a lone surrogate, which UTF-8 cannot hold, goes as the bytes a careless client sends. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}
const encodeSegment = (value: unknown) => encode(String(value));

/** A request for the operation: its path filled, a query, and a body where it takes one. */
function request(op: Operation): fc.Arbitrary<GeneratedRequest> {
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const segments = fc.tuple(
    ...pathParams.map((p) =>
      fc.oneof({ weight: 4, arbitrary: valid(p.schema).map(encodeSegment) }, { weight: 1, arbitrary: hostileSegment }),
    ),
  );
  const query = fc.oneof(
    {
      weight: 4,
      arbitrary: fc.tuple(
        ...queryParams.map((p) =>
          fc.option(fc.oneof({ weight: 4, arbitrary: valid(p.schema) }, { weight: 1, arbitrary: hostileValue })),
        ),
      ),
    },
    { weight: 1, arbitrary: oddQuery },
  );
  const content = op.requestBody?.content ?? {};
  const media = Object.keys(content);
  const payload: fc.Arbitrary<Pick<GeneratedRequest, 'contentType' | 'payload'>> = media.includes('application/json')
    ? fc.oneof(
        {
          weight: 8,
          arbitrary: body(content['application/json']!.schema).map((value) => ({
            contentType: 'application/json',
            payload: JSON.stringify(value),
          })),
        },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            { contentType: 'application/json', payload: '{"a":' },
            { contentType: 'application/json', payload: '' },
            { contentType: 'application/json', payload: '{"__proto__":{"x":1}}' },
            { contentType: 'text/plain', payload: 'hello' },
            { contentType: 'application/x-www-form-urlencoded', payload: 'a=1' },
            { contentType: 'application/json; charset=utf-16', payload: '{}' },
          ),
        },
      )
    : media.length
      ? fc.oneof(
          fc.constantFrom(...media).chain((type) =>
            fc.constantFrom(
              { contentType: type, payload: '' },
              {
                contentType: type,
                payload: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
              },
              { contentType: type, payload: '<xliff version="2.0"><file id="x"></file></xliff>' },
              {
                contentType: type,
                payload:
                  '--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nnot a png\r\n--b--',
              },
            ),
          ),
          fc.constant({ contentType: 'application/json', payload: '{}' }),
        )
      : fc.constant({});
  return fc.tuple(segments, query, payload).map(([values, q, bodyPart]) => {
    let i = 0;
    // A segment that is only "." or ".." is a dot segment: every URL parser (a browser's, the
    // test's) removes it and asks for another path, so no client can send it as a parameter.
    const path = op.path.replace(/\{[^}]+\}/g, () => {
      const segment = values[i++] ?? '';
      return segment === '.' || segment === '..' ? `${segment}x` : segment;
    });
    const search =
      typeof q === 'string'
        ? q
        : queryParams
            .map((p, index) =>
              q[index] === null
                ? undefined
                : `${encode(p.name)}=${encode(typeof q[index] === 'string' ? q[index] : JSON.stringify(q[index]))}`,
            )
            .filter(Boolean)
            .join('&');
    return { url: search ? `${path}?${search}` : path, ...bodyPart };
  });
}

// ---- What every answer must keep to ------------------------------------------------------------------

const LEAKS: [string, RegExp][] = [
  ['a stack trace', /\n\s+at \S.*:\d+:\d+/],
  ['a stack frame', /\bat (?:async )?[\w.<>]+ \((?:file:\/\/|\/|node:)[^)]*:\d+:\d+\)/],
  ['a JavaScript error', /\b(?:TypeError|ReferenceError|RangeError|SyntaxError): /],
  ['SQL', /\b(?:select\s+[\w"*.,\s]+\s+from\s+"?\w|insert\s+into\s+"?\w|delete\s+from\s+"?\w|update\s+"\w+"\s+set)\b/i],
  [
    'a database error',
    /syntax error at or near|violates (?:foreign key|unique|check|not-null) constraint|invalid input syntax for|relation "\w+" does not exist|duplicate key value/i,
  ],
  ['a server path', /\/(?:work|home|usr|srv)\/[\w/.-]+\.(?:ts|js)\b|node_modules\//],
];

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
const validators = new Map<string, ValidateFunction>();

function validatorFor(key: string, schema: Schema): ValidateFunction {
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(key, validate);
  }
  return validate;
}

/** What is wrong with the answer, or undefined. */
function judge(
  op: Operation,
  res: { statusCode: number; headers: Record<string, unknown>; body: string },
): string | undefined {
  if (res.statusCode >= 500) return `answered ${res.statusCode}: ${res.body.slice(0, 300)}`;
  const documented = op.responses[String(res.statusCode)];
  if (!documented)
    return `answered ${res.statusCode}, which the document does not list (${Object.keys(op.responses).join(', ')}): ${res.body.slice(0, 300)}`;
  for (const [what, pattern] of LEAKS)
    if (pattern.test(res.body)) return `answer shows ${what}: ${res.body.slice(0, 500)}`;
  const media = Object.keys(documented.content ?? {});
  if (res.statusCode === 204 || media.length === 0)
    return res.body.length > 0 && res.statusCode === 204 ? `a 204 with a body` : undefined;
  const type = String(res.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim();
  if (!media.includes(type))
    return `answered ${res.statusCode} as ${type || 'no type'}, documented as ${media.join(' or ')}`;
  if (type !== 'application/json') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(res.body);
  } catch {
    return `answered ${res.statusCode} with JSON that does not parse: ${res.body.slice(0, 200)}`;
  }
  harvestIds(parsed);
  const validate = validatorFor(
    `${op.method} ${op.path} ${res.statusCode}`,
    documented.content!['application/json']!.schema,
  );
  if (!validate(parsed))
    return `answered ${res.statusCode} with a body the document does not allow: ${ajv.errorsText(validate.errors)}; body ${res.body.slice(0, 300)}`;
  return undefined;
}

// ---- The run ------------------------------------------------------------------------------------------

type CallerName = 'anonymous' | 'learner' | 'admin';

let operations: Operation[];

beforeAll(async () => {
  console.log(
    `API fuzz: seed ${SEED}, ${RUNS} requests per operation and caller (replay: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS})`,
  );
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ ...op, method: method.toUpperCase(), path })),
  );
  const course = await createCourseFixture(t.app.db);
  knownIds.push(
    course.courseId,
    ...course.chapterIds,
    ...course.lessonIds.chapter1,
    ...course.lessonIds.chapter2,
    course.videoId,
    ...course.quizzes.map((quiz) => quiz.id),
  );
});

/** A caller made afresh for each operation, so one operation (signing out, erasing the account) does not change what the next meets. */
async function headersOf(caller: CallerName): Promise<Record<string, string>> {
  if (caller === 'anonymous') return {};
  if (caller === 'learner') return (await signInAs(t.app)).headers;
  return (await signInAsStaff(t.app, ['admin'])).headers;
}

async function fuzz(caller: CallerName): Promise<{ failures: string[]; calls: number }> {
  const failures: string[] = [];
  let calls = 0;
  for (const op of operations) {
    const headers = await headersOf(caller);
    const details = await fc.check(
      fc.asyncProperty(request(op), async (generated) => {
        calls += 1;
        const res = await t.app.inject({
          method: op.method as 'GET',
          url: generated.url,
          headers: generated.contentType ? { ...headers, 'content-type': generated.contentType } : headers,
          payload: generated.payload,
        });
        const wrong = judge(op, res);
        if (wrong) throw new Error(wrong);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: !SHRINK },
    );
    if (details.failed) {
      const example = details.counterexample?.[0];
      const shown = example
        ? {
            ...example,
            payload:
              example.payload && example.payload.length > 300
                ? `${example.payload.slice(0, 300)}… (${example.payload.length} characters)`
                : example.payload,
          }
        : undefined;
      failures.push(
        `${op.method} ${op.path} as ${caller}: ${(details.errorInstance as Error | undefined)?.message ?? 'failed'}\n    request: ${JSON.stringify(shown)}`,
      );
    }
  }
  return { failures, calls };
}

describe('every operation of the OpenAPI document, fuzzed', () => {
  for (const caller of ['anonymous', 'learner', 'admin'] as const) {
    it(`answers as documented, ${caller}`, { timeout: 600_000 }, async () => {
      const started = Date.now();
      const { failures, calls } = await fuzz(caller);
      console.log(
        `API fuzz, ${caller}: ${calls} requests to ${operations.length} operations in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      expect(failures.join('\n'), `seed ${SEED}: replay with FUZZ_SEED=${SEED}`).toBe('');
    });
  }
});
