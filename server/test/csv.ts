// Reads a CSV file as a spreadsheet would (RFC 4180: quoted fields may hold commas, line breaks and
// doubled quotes), for tests of the files the staff download.
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      row.push(field);
      field = '';
    } else if (!quoted && c === '\n') {
      rows.push([...row, field]);
      row = [];
      field = '';
    } else if (quoted || c !== '\r') {
      field += c;
    }
  }
  return rows;
}
