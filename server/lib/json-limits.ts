// Bounds on a JSON request body, worked out before it is parsed: how deep it nests, and how large
// a body its route's schema can accept at all. Both keep a hostile body from costing the event loop
// more than a real one would.

/**
 * Whether the JSON text opens more than maxDepth arrays or objects inside each other. One pass over
 * the characters, stopping at the first level too deep: far cheaper than parsing `[[[[...`, which
 * is what it guards.
 */
export function nestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > maxDepth) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth--;
    }
  }
  return false;
}

interface JsonSchemaLike {
  type?: string | string[];
  maxLength?: number;
  format?: string;
  maxItems?: number;
  items?: JsonSchemaLike;
  properties?: Record<string, JsonSchemaLike>;
  anyOf?: JsonSchemaLike[];
  oneOf?: JsonSchemaLike[];
  enum?: unknown[];
  const?: unknown;
}

/** Any character of a free text may arrive as a \uXXXX escape (some JSON writers escape all but ASCII). */
const BYTES_PER_CHARACTER = 6;
const UUID_LENGTH = 36;
/** Longer than any number JSON.stringify writes (-1.7976931348623157e+308 is 24). */
const NUMBER_BYTES = 32;

function sum(values: (number | undefined)[]): number | undefined {
  let total = 0;
  for (const value of values) {
    if (value === undefined) return undefined;
    total += value;
  }
  return total;
}

/**
 * The size of the largest compact JSON document the schema accepts, or undefined when it sets no
 * bound (a string without maxLength, an array without maxItems). Fields outside the schema are
 * not counted: the validator drops them, and the caller leaves room for them.
 */
export function maxJsonBytes(jsonSchema: object): number | undefined {
  const schema = jsonSchema as JsonSchemaLike;
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const sizes = branches.map(maxJsonBytes);
    return sizes.includes(undefined) ? undefined : Math.max(...(sizes as number[]));
  }
  if (schema.const !== undefined) return JSON.stringify(schema.const).length * BYTES_PER_CHARACTER;
  if (schema.enum) return Math.max(...schema.enum.map((value) => JSON.stringify(value).length * BYTES_PER_CHARACTER));
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const sizes = types.map((type): number | undefined => {
    switch (type) {
      case 'string':
        if (schema.maxLength !== undefined) return 2 + schema.maxLength * BYTES_PER_CHARACTER;
        // Hex digits and dashes, which no JSON writer escapes.
        return schema.format === 'uuid' ? 2 + UUID_LENGTH : undefined;
      case 'number':
      case 'integer':
        return NUMBER_BYTES;
      case 'boolean':
        return 5;
      case 'null':
        return 4;
      case 'array': {
        const item = schema.items ? maxJsonBytes(schema.items) : undefined;
        if (item === undefined || schema.maxItems === undefined) return undefined;
        return 2 + schema.maxItems * (item + 1);
      }
      case 'object': {
        const fields = Object.entries(schema.properties ?? {}).map(([key, value]) => {
          const size = maxJsonBytes(value);
          return size === undefined ? undefined : JSON.stringify(key).length + 2 + size;
        });
        const total = sum(fields);
        return total === undefined ? undefined : 2 + total;
      }
      default:
        return undefined;
    }
  });
  return sizes.includes(undefined) ? undefined : Math.max(...(sizes as number[]));
}
