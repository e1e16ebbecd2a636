// What the authoring rules know about each kind's document (contract/authoring.ts): which fields are
// text a translator writes, which must be filled in to publish, and the keyed lists, so one walker
// can flatten any document into fields addressed by key (lessons[bank-account/why].content). Diffs,
// translation stale marks, a translator's "text only" rule and a translation's starting point are
// all worked out on those flat fields.
import { createHash, randomBytes } from 'node:crypto';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { TSchema } from '@sinclair/typebox';
import { CONTENT_DOCUMENTS, type AnyDocument, type ContentDocuments } from '../../contract/authoring';
import type { ContentKind } from '../../contract/content-kinds';
import {
  SPECS,
  diffDocuments,
  elementAddress,
  elementNames,
  flatten,
  isTextRole,
  questionProblems,
  walkElements,
  type FieldChange,
  type FieldRole,
  type FieldValue,
  type FlatField,
  type Node,
  type NodeSpec,
} from '../../contract/document-fields';
import { sanitizeRichText } from './rich-text';

export {
  diffDocuments,
  elementAddress,
  elementNames,
  flatten,
  isTextRole,
  type FieldChange,
  type FieldRole,
  type FieldValue,
  type FlatField,
};

/** Where a translation's field came from: the source version and the hash of its text then. */
export interface SourceRef {
  v: number;
  h: string;
}

/** Changes every text field (plain and rich) of a copy of the document; nothing else. */
export function mapText<T extends AnyDocument>(
  kind: ContentKind,
  doc: T,
  change: (path: string, value: string | null, role: FieldRole) => string | null,
): T {
  const copy = structuredClone(doc) as Node;
  const spec = SPECS[kind];
  const apply = (node: Node, nodeSpec: NodeSpec, prefix: string) => {
    for (const [name, role] of Object.entries(nodeSpec.fields)) {
      if (!isTextRole(role)) continue;
      node[name] = change(`${prefix}${name}`, (node[name] ?? null) as string | null, role);
    }
  };
  apply(copy, spec, '');
  walkElements(copy, spec, (element, nodeSpec, { address }) => apply(element, nodeSpec, `${address}.`));
  return copy as T;
}

/** Changes the stored-file fields of a copy of the document. */
export function mapFiles<T extends AnyDocument>(
  kind: ContentKind,
  doc: T,
  change: (path: string, value: string | null) => string | null,
): T {
  const copy = structuredClone(doc) as Node;
  const spec = SPECS[kind];
  const apply = (node: Node, nodeSpec: NodeSpec, prefix: string) => {
    for (const [name, role] of Object.entries(nodeSpec.fields)) {
      if (role === 'file' || role === 'requiredFile')
        node[name] = change(`${prefix}${name}`, (node[name] ?? null) as string | null);
    }
  };
  apply(copy, spec, '');
  walkElements(copy, spec, (element, nodeSpec, { address }) => apply(element, nodeSpec, `${address}.`));
  return copy as T;
}

// ---------------------------------------------------------------- checking a saved document

export interface FieldProblem {
  field: string;
  message: string;
}

const checkers = Object.fromEntries(
  Object.entries(CONTENT_DOCUMENTS).map(([kind, schema]) => [kind, TypeCompiler.Compile(schema as TSchema)]),
) as Record<ContentKind, ReturnType<typeof TypeCompiler.Compile>>;

/** '/chapters/0/lessons/1/title' -> 'chapters[0].lessons[1].title' (positions: keys may be missing yet). */
function pointerToField(pointer: string): string {
  let out = '';
  for (const part of pointer.split('/').slice(1)) out += /^\d+$/.test(part) ? `[${part}]` : out ? `.${part}` : part;
  return out || 'body';
}

/** The document's shape against its kind's schema: each field at fault, at most one problem each. */
export function shapeProblems(kind: ContentKind, body: unknown): FieldProblem[] {
  const seen = new Set<string>();
  const problems: FieldProblem[] = [];
  for (const error of checkers[kind].Errors(body)) {
    const field = pointerToField(error.path);
    if (seen.has(field)) continue;
    seen.add(field);
    problems.push({ field, message: error.message.toLowerCase() });
    if (problems.length >= 50) break;
  }
  return problems;
}

const newKey = () => {
  // 10 characters of [a-z0-9]: 51 bits, never repeated within one document.
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(10)].map((byte) => alphabet[byte % alphabet.length]).join('');
};

/**
 * Gives every element without a key a new one and reports keys used twice where they must be
 * unique (lessons in the whole course; other elements among their siblings).
 */
export function assignKeys<T extends AnyDocument>(kind: ContentKind, doc: T): { doc: T; problems: FieldProblem[] } {
  const copy = structuredClone(doc) as Node;
  const problems: FieldProblem[] = [];
  const used = new Map<string, Set<string>>();
  walkElements(copy, SPECS[kind], (element, _spec, { list }) => {
    const keys = used.get(list) ?? new Set<string>();
    used.set(list, keys);
    if (element.key === undefined || element.key === null || element.key === '') {
      let key = newKey();
      while (keys.has(key)) key = newKey();
      element.key = key;
    } else if (keys.has(String(element.key))) {
      problems.push({
        field: `${list}[${String(element.key)}]`,
        message: `key "${String(element.key)}" is used twice`,
      });
    }
    keys.add(String(element.key));
  });
  return { doc: copy as T, problems };
}

/** Rich text through the allowlist; plain text without surrounding white space. */
export function sanitizeDocument<T extends AnyDocument>(kind: ContentKind, doc: T): T {
  return mapText(kind, doc, (_path, value, role) => {
    if (value === null) return null;
    return role === 'rich' || role === 'optionalRich' ? sanitizeRichText(value) : value.trim();
  });
}

// ---------------------------------------------------------------- what publishing needs

/** Everything that stops a document from being published, each field named: empty text, missing files, rules. */
export function publishProblems(kind: ContentKind, doc: AnyDocument): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const field of flatten(kind, doc)) {
    const empty = field.value === null || (typeof field.value === 'string' && field.value.trim() === '');
    if ((field.role === 'text' || field.role === 'rich') && empty)
      problems.push({ field: field.path, message: 'is empty' });
    if (field.role === 'requiredFile' && empty) problems.push({ field: field.path, message: 'has no file' });
  }
  problems.push(...RULES[kind](doc as never));
  return problems;
}

const RULES: { [K in ContentKind]: (doc: ContentDocuments[K]) => FieldProblem[] } = {
  course(doc) {
    const problems: FieldProblem[] = [];
    if (doc.chapters.length === 0) problems.push({ field: 'chapters', message: 'must have at least one chapter' });
    for (const chapter of doc.chapters) {
      if (chapter.lessons.length === 0)
        problems.push({ field: `chapters[${chapter.key}].lessons`, message: 'must have at least one lesson' });
    }
    for (const quiz of doc.quizzes) {
      if (quiz.questions.length === 0)
        problems.push({ field: `quizzes[${quiz.key}].questions`, message: 'must have at least one question' });
      for (const question of quiz.questions) {
        const at = `quizzes[${quiz.key}].questions[${question.key}].options`;
        const correct = question.options.filter((option) => option.correct).length;
        for (const problem of questionProblems(question)) {
          if (problem === 'tooFewOptions') problems.push({ field: at, message: 'must have at least two options' });
          else if (question.type === 'single')
            problems.push({
              field: at,
              message: `must have exactly one correct option for a single question (found ${correct})`,
            });
          else problems.push({ field: at, message: 'must have at least one correct option for a multi question' });
        }
      }
    }
    return problems;
  },
  blog: () => [],
  story: () => [],
  gallery: (doc) => (doc.images.length === 0 ? [{ field: 'images', message: 'must have at least one image' }] : []),
  banner: (doc) =>
    doc.images.length < 2
      ? [{ field: 'images', message: 'must have at least two images (the home page shows two)' }]
      : [],
};

// ---------------------------------------------------------------- comparing and translating

/** A short hash of a text: what a translation's fields remember of the source text they came from. */
export function textHash(value: string | null): string {
  return createHash('sha256')
    .update(value ?? '')
    .digest('hex')
    .slice(0, 16);
}

export const EMPTY_TEXT_HASH = textHash('');

/** The hash of every text field, by path. */
export function textHashes(kind: ContentKind, doc: AnyDocument): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of flatten(kind, doc))
    if (isTextRole(field.role)) out[field.path] = textHash(field.value as string | null);
  return out;
}

/** The text fields, by path. */
export function textValues(kind: ContentKind, doc: AnyDocument): Map<string, string | null> {
  return new Map(
    flatten(kind, doc)
      .filter((f) => isTextRole(f.role))
      .map((f) => [f.path, f.value as string | null]),
  );
}

/** Everything but the text, by path: the structure a translator may not change. */
export function structure(kind: ContentKind, doc: AnyDocument): Map<string, FieldValue> {
  return new Map(
    flatten(kind, doc)
      .filter((f) => !isTextRole(f.role))
      .map((f) => [f.path, f.value]),
  );
}

/** The paths where two structures differ (a field added, removed or changed). */
export function structureDifferences(a: Map<string, FieldValue>, b: Map<string, FieldValue>): string[] {
  const out: string[] = [];
  for (const [path, value] of a) if (!b.has(path) || b.get(path) !== value) out.push(path);
  for (const path of b.keys()) if (!a.has(path)) out.push(path);
  return out;
}

/**
 * Where a translation starts, or catches up with its source: the source's structure (its keys,
 * order, numbers and flags), the translation's own files and text where it already has the
 * element, and empty text everywhere else, so no source text can reach a published translation.
 */
export function translationTemplate<T extends AnyDocument>(
  kind: ContentKind,
  source: T,
  translation: AnyDocument | null,
): T {
  const texts = translation ? textValues(kind, translation) : new Map<string, string | null>();
  const files = translation
    ? new Map(
        flatten(kind, translation)
          .filter((f) => f.role === 'file' || f.role === 'requiredFile')
          .map((f) => [f.path, f.value as string | null]),
      )
    : new Map<string, string | null>();
  const withText = mapText(kind, source, (path, value) => {
    if (texts.has(path)) return texts.get(path)!;
    return value === null ? null : '';
  });
  return mapFiles(kind, withText, (path, value) => (files.has(path) ? files.get(path)! : value));
}

/** JSON with sorted keys: two documents are the same version when these are equal. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A short hash of a whole document: a version's revision, which changes when its document does (ADR 36). */
export function revisionOf(doc: unknown): string {
  return createHash('sha256').update(canonicalJson(doc)).digest('hex').slice(0, 16);
}

/** The text a document is listed by: a story's author, any other kind's title. */
export function documentTitle(kind: ContentKind, doc: AnyDocument): string {
  return kind === 'story' ? (doc as ContentDocuments['story']).authorName : (doc as { title: string }).title;
}
