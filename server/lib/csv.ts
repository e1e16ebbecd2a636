// CSV files the staff download: UTF-8 with a byte-order mark, so Excel shows Indian scripts rather
// than mojibake, lines ended by CRLF, each field quoted only where it must be.

const BOM = '\uFEFF';

/**
 * A field as CSV writes it: quoted when it holds a separator, a quote or a line break; text that a
 * spreadsheet would run as a formula (a title starting with "=") is kept as text.
 */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole file of lines of fields. */
export function csvFile(lines: readonly (readonly (string | number)[])[]): string {
  return BOM + lines.map((line) => line.map(csvField).join(',')).join('\r\n') + '\r\n';
}
