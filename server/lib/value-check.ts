// Checks a value against a contract shape outside a route's schema (where Fastify's Ajv does it):
// one item of a batch whose items are answered one by one. TypeBox checks a string format only when
// told how; these are the formats the contract's shapes use.
import { FormatRegistry, type Static, type TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { isUuid } from '../../contract/ids';

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;

if (!FormatRegistry.Has('uuid')) FormatRegistry.Set('uuid', isUuid);
if (!FormatRegistry.Has('date-time'))
  FormatRegistry.Set('date-time', (value) => DATE_TIME.test(value) && !Number.isNaN(Date.parse(value)));

export interface FieldProblem {
  field: string;
  message: string;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; details: FieldProblem[] };

/** A checker for the shape: the value typed, or each field at fault (its path, and what is wrong). */
export function valueChecker<T extends TSchema>(schema: T): (value: unknown) => Checked<Static<T>> {
  const compiled = TypeCompiler.Compile(schema);
  return (value) => {
    if (compiled.Check(value)) return { ok: true, value };
    const details = [...compiled.Errors(value)].slice(0, 5).map((error) => ({
      field: error.path.replace(/^\//, '').replaceAll('/', '.') || '(the value)',
      message: error.message,
    }));
    return { ok: false, details };
  };
}
