// A search typed by a person, as an ILIKE pattern that finds it anywhere in a text: its own % and _
// (and the escape character) match themselves, never "anything".
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
