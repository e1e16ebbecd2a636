// The translator exchange's file format: OASIS XLIFF Version 2.0 (core only), written and read.
//
// One <file> per item (its id is the item's id), one <unit> per text field with source text, in the
// document's order. A unit's `name` is the field's path (lessons[bank-account/why].content) and its
// `id` the same path made an NMTOKEN, as XLIFF requires (every character but letters, digits, "."
// and "-" written as _XX, the hex of its UTF-8 bytes). Rich text travels as escaped HTML inside
// <source> and <target> (no XLIFF inline markup): a translator's tool shows the tags as text. What
// the server needs back to check the import travels in attributes of its own namespace on <file>:
// the item's kind and slug, the source version the text came from and the translation's version
// the file was made from.
//
// Reading is strict: the XML must be well formed (saxes), a DOCTYPE is refused before anything is
// read (XLIFF has no DTD; no entity is ever declared, let alone expanded), and only the XLIFF core
// elements the exchange needs are looked at.
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { LANGUAGES, LANGUAGE_CODES, type LanguageCode } from '../../../contract/languages';
import { FieldsError } from '../../plugins/errors';

export const XLIFF_NS = 'urn:oasis:names:tc:xliff:document:2.0';
/** The exchange's own attributes on <file>. */
export const EXCHANGE_NS = 'urn:jgk-learning-platform:xliff-exchange:1';
export const XLIFF_MEDIA_TYPE = 'application/xliff+xml';

// ---------------------------------------------------------------- unit ids

/** A field path as an XLIFF id (an NMTOKEN): every byte outside [A-Za-z0-9.-] as _XX. */
export function unitId(path: string): string {
  return [...Buffer.from(path, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9.-]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `_${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

/** The field path a unit id stands for; null for an id this exchange cannot have written. */
export function pathOfUnitId(id: string): string | null {
  if (!/^(?:[A-Za-z0-9.-]|_[0-9A-F]{2})*$/.test(id) || id === '') return null;
  const bytes: number[] = [];
  for (let i = 0; i < id.length; i++) {
    if (id[i] === '_') {
      bytes.push(parseInt(id.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(id.charCodeAt(i));
  }
  const path = Buffer.from(bytes).toString('utf8');
  return unitId(path) === id ? path : null;
}

// ---------------------------------------------------------------- languages

/** Our language code as the BCP 47 tag a translator's tool knows (Tamil is ta, not tm). */
export const bcp47 = (lang: LanguageCode) => LANGUAGES[lang].bcp47;

/** A BCP 47 tag (ta, ta-IN, TA) as our language code; null for a language the platform does not offer. */
export function languageOfTag(tag: string): LanguageCode | null {
  const primary = tag.trim().toLowerCase().split('-')[0];
  return LANGUAGE_CODES.find((code) => LANGUAGES[code].bcp47 === primary) ?? null;
}

// ---------------------------------------------------------------- writing

export interface ExportUnit {
  path: string;
  format: 'text' | 'html';
  source: string;
  target: string | null;
  /** The target's text was translated from an older source text. */
  stale: boolean;
}

export interface ExportFile {
  itemId: string;
  kind: string;
  slug: string;
  title: string;
  sourceVersion: number;
  /** The translation's newest version when the file was made; 0 when it has none yet. */
  baseVersion: number;
  units: ExportUnit[];
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) =>
  escapeText(text).replace(/"/g, '&quot;').replace(/\r/g, '&#13;').replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');
/** XML 1.0 cannot carry these characters at all, escaped or not; they never belong in content. */
const withoutForbiddenCharacters = (text: string) =>
  // eslint-disable-next-line no-control-regex -- these control characters are exactly what is removed
  text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');

function segmentXml(unit: ExportUnit): string {
  const state = unit.target === null || unit.target === '' ? 'initial' : unit.stale ? 'initial' : 'translated';
  const subState = unit.stale && unit.target ? ` subState="jgk:stale"` : '';
  const target = unit.target ? `<target>${escapeText(withoutForbiddenCharacters(unit.target))}</target>` : '';
  return `<segment state="${state}"${subState}><source>${escapeText(withoutForbiddenCharacters(unit.source))}</source>${target}</segment>`;
}

/** One XLIFF 2.0 document holding every file given, source text and the translation's text where it has it. */
export function writeXliff(sourceLang: LanguageCode, targetLang: LanguageCode, files: readonly ExportFile[]): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<xliff xmlns="${XLIFF_NS}" xmlns:jgk="${EXCHANGE_NS}" version="2.0" srcLang="${bcp47(sourceLang)}" trgLang="${bcp47(targetLang)}">`,
  ];
  for (const file of files) {
    lines.push(
      `  <file id="${escapeAttribute(file.itemId)}" original="${escapeAttribute(`${file.kind}/${file.slug}`)}" canResegment="no" xml:space="preserve"` +
        ` jgk:kind="${escapeAttribute(file.kind)}" jgk:slug="${escapeAttribute(file.slug)}" jgk:sourceVersion="${file.sourceVersion}" jgk:baseVersion="${file.baseVersion}">`,
      `    <notes><note category="title">${escapeText(withoutForbiddenCharacters(file.title))}</note></notes>`,
    );
    for (const unit of file.units) {
      lines.push(
        `    <unit id="${unitId(unit.path)}" name="${escapeAttribute(unit.path)}" jgk:format="${unit.format}">${segmentXml(unit)}</unit>`,
      );
    }
    lines.push('  </file>');
  }
  lines.push('</xliff>', '');
  return lines.join('\n');
}

// ---------------------------------------------------------------- reading

export interface ImportUnit {
  id: string;
  /** The target's text, segments joined; null when no segment has a <target>. */
  target: string | null;
  /** The first segment's state (initial, translated, reviewed, final). */
  state: string | null;
  /** A <target> held XLIFF inline elements, which this exchange does not write or read. */
  inlineMarkup: boolean;
}

export interface ImportFile {
  id: string;
  kind: string | null;
  slug: string | null;
  sourceVersion: number | null;
  baseVersion: number | null;
  units: ImportUnit[];
}

export interface ImportDocument {
  srcLang: string;
  trgLang: string;
  files: ImportFile[];
}

const malformed = (message: string) => new FieldsError(400, 'xliffMalformed', [{ field: 'xml', message }]);
const invalid = (field: string, message: string) => new FieldsError(400, 'xliffInvalid', [{ field, message }]);

const whole = (value: string | undefined): number | null =>
  value !== undefined && /^\d{1,9}$/.test(value) ? Number(value) : null;

/**
 * What one import may hold (ADR 34). An exchange file nests six levels (xliff, file, group, unit,
 * segment, target); a course is a few hundred units, and a language's whole pending export a few
 * thousand. Anything beyond is refused before it costs the server: the XML parser with namespaces
 * takes time that grows with the square of the nesting, and a report answers every file and unit.
 */
export const XLIFF_LIMITS = {
  /** Elements inside elements; inline markup a tool puts in a target needs a few more than six. */
  depth: 32,
  /** Every element of the file (a unit is four). */
  elements: 400_000,
  /** <file> elements: items in one import. */
  files: 1_000,
  /** <unit> elements: fields in one import. */
  units: 50_000,
  /** Characters the parser reads before it lets other requests run (a few milliseconds of work). */
  sliceChars: 64 * 1024,
  /** A parse still running after this long is given up. */
  parseMs: 20_000,
};

const tooLarge = (field: string, message: string) => new FieldsError(400, 'xliffTooLarge', [{ field, message }]);
const tooDeep = () =>
  invalid('xml', `elements nest more than ${XLIFF_LIMITS.depth} levels deep; an XLIFF file needs fewer than ten`);
const tooManyElements = () =>
  tooLarge('xml', `the file holds more than ${XLIFF_LIMITS.elements.toLocaleString('en')} elements`);

/**
 * The file's nesting and element count, in one pass over the text before any parser sees it: a
 * hostile file (a million nested elements) is refused in milliseconds. Comments, CDATA sections and
 * processing instructions are skipped; quoted attribute values may hold ">". What is not well formed
 * is left to the parser to name.
 */
export function checkXliffShape(xml: string): void {
  let depth = 0;
  let elements = 0;
  let at = 0;
  const skipTo = (from: number, end: string) => {
    const found = xml.indexOf(end, from);
    return found < 0 ? xml.length : found + end.length;
  };
  while (at < xml.length) {
    const lt = xml.indexOf('<', at);
    if (lt < 0) return;
    const next = xml[lt + 1];
    if (xml.startsWith('<!--', lt)) at = skipTo(lt + 4, '-->');
    else if (xml.startsWith('<![CDATA[', lt)) at = skipTo(lt + 9, ']]>');
    else if (next === '?' || next === '!') at = skipTo(lt + 2, '>');
    else if (next === '/') {
      depth--;
      at = skipTo(lt + 2, '>');
    } else {
      let end = lt + 1;
      let quote = '';
      for (; end < xml.length; end++) {
        const c = xml[end];
        if (quote) {
          if (c === quote) quote = '';
        } else if (c === '"' || c === "'") quote = c;
        else if (c === '>') break;
      }
      if (end >= xml.length) return;
      if (++elements > XLIFF_LIMITS.elements) throw tooManyElements();
      if (xml[end - 1] !== '/' && ++depth > XLIFF_LIMITS.depth) throw tooDeep();
      at = end + 1;
    }
  }
}

/** Lets other requests run between slices of a long parse. */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Reads an XLIFF 2.0 document: 400 xliffMalformed for XML that is not well formed (or declares a
 * DOCTYPE), 400 xliffInvalid for XML that is not an XLIFF 2.0 document with both languages or nests
 * too deep, 400 xliffTooLarge for more than XLIFF_LIMITS allows. The parse goes a slice at a time,
 * so a large file never holds up the requests of others.
 */
export async function readXliff(xml: string): Promise<ImportDocument> {
  // Refused before parsing: a DOCTYPE is how entity expansion ("billion laughs") and external
  // entities get in, and XLIFF has none.
  if (/<!DOCTYPE/i.test(xml) || /<!ENTITY/i.test(xml))
    throw malformed('the file declares a DOCTYPE or entities, which XLIFF does not use');
  checkXliffShape(xml);
  const parser = new SaxesParser({ xmlns: true, position: true });
  let root: { version?: string; srcLang?: string; trgLang?: string } | null = null;
  const files: ImportFile[] = [];
  const stack: string[] = [];
  let file: ImportFile | null = null;
  let unit: ImportUnit | null = null;
  let targetDepth = -1;
  let units = 0;
  let error: Error | null = null;

  const attribute = (tag: SaxesTagNS, local: string, uri = '') =>
    Object.values(tag.attributes).find((a) => a.local === local && a.uri === uri)?.value;

  parser.on('error', (e) => {
    error ??= e;
  });
  parser.on('doctype', () => {
    error ??= new Error('a DOCTYPE is not allowed');
  });
  parser.on('opentag', (tag) => {
    const inXliff = tag.uri === XLIFF_NS;
    const name = inXliff ? tag.local : `{${tag.uri}}${tag.local}`;
    const depth = stack.length;
    if (depth >= XLIFF_LIMITS.depth) throw tooDeep();
    stack.push(name);
    if (depth === 0) {
      if (tag.local !== 'xliff' || !inXliff)
        throw invalid('xliff', `the root element must be <xliff> in the namespace ${XLIFF_NS}`);
      root = {
        version: attribute(tag, 'version'),
        srcLang: attribute(tag, 'srcLang'),
        trgLang: attribute(tag, 'trgLang'),
      };
      return;
    }
    if (targetDepth >= 0) {
      // Inside a <target>: any element is inline markup.
      unit!.inlineMarkup = true;
      return;
    }
    if (!inXliff) return;
    const parent = stack[depth - 1];
    if (name === 'file' && parent === 'xliff') {
      file = {
        id: attribute(tag, 'id') ?? '',
        kind: attribute(tag, 'kind', EXCHANGE_NS) ?? null,
        slug: attribute(tag, 'slug', EXCHANGE_NS) ?? null,
        sourceVersion: whole(attribute(tag, 'sourceVersion', EXCHANGE_NS)),
        baseVersion: whole(attribute(tag, 'baseVersion', EXCHANGE_NS)),
        units: [],
      };
      if (files.push(file) > XLIFF_LIMITS.files)
        throw tooLarge('file', `the file holds more than ${XLIFF_LIMITS.files.toLocaleString('en')} items (<file>)`);
    } else if (name === 'unit' && file && (parent === 'file' || parent === 'group')) {
      unit = { id: attribute(tag, 'id') ?? '', target: null, state: null, inlineMarkup: false };
      file.units.push(unit);
      if (++units > XLIFF_LIMITS.units)
        throw tooLarge('unit', `the file holds more than ${XLIFF_LIMITS.units.toLocaleString('en')} texts (<unit>)`);
    } else if (name === 'segment' && unit && parent === 'unit') {
      unit.state ??= attribute(tag, 'state') ?? 'initial';
    } else if (name === 'target' && unit && (parent === 'segment' || parent === 'ignorable')) {
      targetDepth = depth;
      unit.target ??= '';
    }
  });
  const text = (value: string) => {
    if (targetDepth >= 0 && unit && stack.length === targetDepth + 1) unit.target += value;
  };
  parser.on('text', text);
  parser.on('cdata', text);
  parser.on('closetag', () => {
    const depth = stack.length - 1;
    const name = stack.pop();
    if (depth === targetDepth) targetDepth = -1;
    if (name === 'unit') unit = null;
    if (name === 'file') file = null;
  });

  try {
    const started = Date.now();
    for (let at = 0; at < xml.length && !error; at += XLIFF_LIMITS.sliceChars) {
      parser.write(xml.slice(at, at + XLIFF_LIMITS.sliceChars));
      if (Date.now() - started > XLIFF_LIMITS.parseMs)
        throw tooLarge('xml', 'the file took too long to read; split it into smaller files');
      await yieldToOthers();
    }
    if (!error) parser.close();
  } catch (e) {
    if (e instanceof FieldsError) throw e;
    error ??= e as Error;
  }
  if (error) throw malformed((error as Error).message);
  const found = root as { version?: string; srcLang?: string; trgLang?: string } | null;
  if (!found) throw malformed('the file has no root element');
  if (found.version !== '2.0')
    throw invalid(
      'xliff@version',
      `must be 2.0 (found ${found.version === undefined ? 'none' : `"${found.version}"`})`,
    );
  if (!found.srcLang) throw invalid('xliff@srcLang', 'is required');
  if (!found.trgLang) throw invalid('xliff@trgLang', 'is required: the language the file was translated into');
  return {
    srcLang: found.srcLang,
    trgLang: found.trgLang,
    files,
  };
}
