// Row ids are UUIDs. The explicit pattern keeps out forms that the `uuid` format alone accepts but
// PostgreSQL refuses (urn:uuid:...), so a malformed id is a 400, never a database error.
import { Type } from '@sinclair/typebox';

export const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

export const Uuid = Type.String({ format: 'uuid', pattern: UUID_PATTERN });

const UUID = new RegExp(UUID_PATTERN);
/** Whether a text is an id PostgreSQL takes as a uuid (an audit entry's entity id is any text). */
export const isUuid = (text: string) => UUID.test(text);
