// What every table file shares: the languages and lists of a CHECK constraint, and the timestamps.
// Enumerations are text columns with CHECK constraints rather than PostgreSQL enums, so a new value
// is a one-line migration and test databases need no schema-qualified types.
import { sql } from 'drizzle-orm';
import { timestamp } from 'drizzle-orm/pg-core';
import { LANGUAGE_CODES } from '../../contract/languages';

export const quotedList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));
export const langList = quotedList(LANGUAGE_CODES);
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
