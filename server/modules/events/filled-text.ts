// A text the staff write for an event (its name, a question, an option) is kept without the spaces
// around it; one that is nothing but spaces is refused with the field it came in, rather than kept
// empty where the event's pages need words.
import { FieldsError } from '../../plugins/errors';

/** The text trimmed; 400 eventSettingsInvalid naming the field when nothing is left. */
export function filledText(value: string, field: string): string {
  const text = value.trim();
  if (!text) throw new FieldsError(400, 'eventSettingsInvalid', [{ field, message: 'must not be blank' }]);
  return text;
}
