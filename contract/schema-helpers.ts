// Small TypeBox builders the contract's schemas share.
import { Type, type TSchema } from '@sinclair/typebox';
import { LANGUAGE_CODES } from './languages';

/**
 * A string from a fixed list. A plain `enum` keeps validation messages readable ("must be equal to
 * one of the allowed values") where a union of literals would report every branch.
 */
export function StringEnum<T extends readonly string[]>(values: T, options: Record<string, unknown> = {}) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

/**
 * One of the product's language codes, as a union of literals: what TypeBox's own checker can read
 * (a batch's items checked one by one, server/lib/value-check.ts), which it cannot with StringEnum.
 */
export const LanguageCodeLiteral = Type.Union(LANGUAGE_CODES.map((code) => Type.Literal(code)));

/** The schema, or null. */
export const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * A success answer that is a file, not JSON: `{200: fileAnswer(...)}`. The media type is the
 * answer's own, so the route's error answers stay JSON in the OpenAPI document (a route-wide
 * `produces` would describe them as files too).
 */
export function fileAnswer(mediaType: string, schema: TSchema, description: string) {
  return { description, content: { [mediaType]: { schema } } };
}
