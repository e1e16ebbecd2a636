// What the authoring rules know about each kind's document (contract/authoring.ts): which fields are
// text a translator writes, which must be filled in to publish, and the keyed lists, so one walker
// can flatten any document into fields addressed by key (lessons[bank-account/why].content). Diffs,
// translation stale marks, a translator's "text only" rule and a translation's starting point are
// all worked out on those flat fields.
import { createHash, randomBytes } from 'node:crypto';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { TSchema } from '@sinclair/typebox';
import { CONTENT_DOCUMENTS, type AnyDocument, type ContentDocuments } from '../../../contract/authoring';
import type { ContentKind } from '../../../contract/content-kinds';
import { sanitizeRichText } from '../../lib/rich-text';

/**
 * text: plain text a translator writes, required to publish; optionalText: the same, may stay empty;
 * rich / optionalRich: the same for HTML; file: a stored file (editors' choice, may differ by
 * language), requiredFile: one that must be there to publish; value: anything else (numbers, flags,
 * dates), shared structure an editor sets.
 */
export type FieldRole = 'text' | 'optionalText' | 'rich' | 'optionalRich' | 'file' | 'requiredFile' | 'value';

interface NodeSpec {
  fields: Record<string, FieldRole>;
  lists?: Record<string, ListSpec>;
}

interface ListSpec {
  node: NodeSpec;
  /**
   * Addressed from the top of the document with its parent's key as a field (lessons by
   * `lessons[key]` with `chapter`), so moving one to another parent keeps its address and its key
   * is unique in the whole document.
   */
  hoistAs?: { name: string; parentField: string };
}

const COURSE: NodeSpec = {
  fields: { title: 'text', description: 'rich', image: 'requiredFile', document: 'file', duration: 'value', summary: 'optionalRich', journal: 'optionalRich' },
  lists: {
    chapters: {
      node: {
        fields: { title: 'text' },
        lists: {
          lessons: {
            node: { fields: { title: 'text', duration: 'value', content: 'rich' } },
            hoistAs: { name: 'lessons', parentField: 'chapter' },
          },
        },
      },
    },
    videos: { node: { fields: { title: 'text', description: 'optionalText', video: 'requiredFile', poster: 'file', duration: 'value' } } },
    quizzes: {
      node: {
        fields: { title: 'text', passingCriteria: 'value' },
        lists: {
          questions: {
            node: {
              fields: { type: 'value', content: 'text', explanation: 'optionalText' },
              lists: { options: { node: { fields: { content: 'text', correct: 'value' } } } },
            },
          },
        },
      },
    },
  },
};

const IMAGES: ListSpec = { node: { fields: { image: 'file', alt: 'text' } } };

const SPECS: Record<ContentKind, NodeSpec> = {
  course: COURSE,
  blog: { fields: { title: 'text', author: 'text', date: 'value', readTime: 'value', image: 'requiredFile', imageAlt: 'text', description: 'rich' } },
  story: { fields: { authorName: 'text', date: 'value', image: 'requiredFile', imageAlt: 'text', isHighlighted: 'value', description: 'rich' } },
  gallery: { fields: { title: 'text', position: 'value' }, lists: { images: IMAGES } },
  banner: { fields: { title: 'text', subTitle: 'optionalText', location: 'optionalText', position: 'value' }, lists: { images: IMAGES } },
};

export type FieldValue = string | number | boolean | null;

export interface FlatField {
  path: string;
  value: FieldValue;
  role: FieldRole | 'position' | 'parent';
}

const TEXT_ROLES: ReadonlySet<string> = new Set(['text', 'optionalText', 'rich', 'optionalRich']);
export const isTextRole = (role: FlatField['role']) => TEXT_ROLES.has(role);

type Node = Record<string, unknown>;

/** Visits every keyed element, parents first, with its address and the chain of keys above it. */
function walkElements(
  node: Node,
  spec: NodeSpec,
  visit: (
    element: Node,
    spec: NodeSpec,
    info: { address: string; list: string; chain: string[]; index: number; parentKey: string | null; parentField: string | null },
  ) => void,
  prefix = '',
  chain: string[] = [],
) {
  for (const [name, list] of Object.entries(spec.lists ?? {})) {
    const items = (node[name] as Node[] | undefined) ?? [];
    items.forEach((element, index) => {
      const key = String(element.key ?? '');
      const address = list.hoistAs ? `${list.hoistAs.name}[${key}]` : `${prefix}${name}[${key}]`;
      const elementChain = list.hoistAs ? [key] : [...chain, key];
      visit(element, list.node, {
        address,
        list: list.hoistAs ? list.hoistAs.name : `${prefix}${name}`,
        chain: elementChain,
        index,
        parentKey: chain.at(-1) ?? null,
        parentField: list.hoistAs?.parentField ?? null,
      });
      walkElements(element, list.node, visit, `${address}.`, elementChain);
    });
  }
}

/** Every field of a document, addressed by key, with what kind of field it is. */
export function flatten(kind: ContentKind, doc: AnyDocument): FlatField[] {
  const spec = SPECS[kind];
  const out: FlatField[] = [];
  const fieldsOf = (node: Node, nodeSpec: NodeSpec, prefix: string) => {
    for (const [name, role] of Object.entries(nodeSpec.fields)) out.push({ path: `${prefix}${name}`, value: (node[name] ?? null) as FieldValue, role });
  };
  fieldsOf(doc as Node, spec, '');
  walkElements(doc as Node, spec, (element, nodeSpec, { address, index, parentKey, parentField }) => {
    out.push({ path: `${address}.position`, value: index + 1, role: 'position' });
    if (parentField) out.push({ path: `${address}.${parentField}`, value: parentKey, role: 'parent' });
    fieldsOf(element, nodeSpec, `${address}.`);
  });
  return out;
}

/** Changes every text field (plain and rich) of a copy of the document; nothing else. */
export function mapText<T extends AnyDocument>(kind: ContentKind, doc: T, change: (path: string, value: string | null, role: FieldRole) => string | null): T {
  const copy = structuredClone(doc) as Node;
  const spec = SPECS[kind];
  const apply = (node: Node, nodeSpec: NodeSpec, prefix: string) => {
    for (const [name, role] of Object.entries(nodeSpec.fields)) {
      if (!TEXT_ROLES.has(role)) continue;
      node[name] = change(`${prefix}${name}`, (node[name] ?? null) as string | null, role);
    }
  };
  apply(copy, spec, '');
  walkElements(copy, spec, (element, nodeSpec, { address }) => apply(element, nodeSpec, `${address}.`));
  return copy as T;
}

/** Changes the stored-file fields of a copy of the document. */
export function mapFiles<T extends AnyDocument>(kind: ContentKind, doc: T, change: (path: string, value: string | null) => string | null): T {
  const copy = structuredClone(doc) as Node;
  const spec = SPECS[kind];
  const apply = (node: Node, nodeSpec: NodeSpec, prefix: string) => {
    for (const [name, role] of Object.entries(nodeSpec.fields)) {
      if (role === 'file' || role === 'requiredFile') node[name] = change(`${prefix}${name}`, (node[name] ?? null) as string | null);
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
      problems.push({ field: `${list}[${String(element.key)}]`, message: `key "${String(element.key)}" is used twice` });
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
    if ((field.role === 'text' || field.role === 'rich') && empty) problems.push({ field: field.path, message: 'is empty' });
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
      if (chapter.lessons.length === 0) problems.push({ field: `chapters[${chapter.key}].lessons`, message: 'must have at least one lesson' });
    }
    for (const quiz of doc.quizzes) {
      if (quiz.questions.length === 0) problems.push({ field: `quizzes[${quiz.key}].questions`, message: 'must have at least one question' });
      for (const question of quiz.questions) {
        const at = `quizzes[${quiz.key}].questions[${question.key}].options`;
        const correct = question.options.filter((option) => option.correct).length;
        if (question.options.length < 2) problems.push({ field: at, message: 'must have at least two options' });
        if (question.type === 'single' && correct !== 1) problems.push({ field: at, message: `must have exactly one correct option for a single question (found ${correct})` });
        if (question.type === 'multi' && correct < 1) problems.push({ field: at, message: 'must have at least one correct option for a multi question' });
      }
    }
    return problems;
  },
  blog: () => [],
  story: () => [],
  gallery: (doc) => (doc.images.length === 0 ? [{ field: 'images', message: 'must have at least one image' }] : []),
  banner: (doc) => (doc.images.length < 2 ? [{ field: 'images', message: 'must have at least two images (the home page shows two)' }] : []),
};

// ---------------------------------------------------------------- comparing and translating

/** A short hash of a text: what a translation's fields remember of the source text they came from. */
export function textHash(value: string | null): string {
  return createHash('sha256').update(value ?? '').digest('hex').slice(0, 16);
}

export const EMPTY_TEXT_HASH = textHash('');

/** The hash of every text field, by path. */
export function textHashes(kind: ContentKind, doc: AnyDocument): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of flatten(kind, doc)) if (isTextRole(field.role)) out[field.path] = textHash(field.value as string | null);
  return out;
}

/** The text fields, by path. */
export function textValues(kind: ContentKind, doc: AnyDocument): Map<string, string | null> {
  return new Map(flatten(kind, doc).filter((f) => isTextRole(f.role)).map((f) => [f.path, f.value as string | null]));
}

/** Everything but the text, by path: the structure a translator may not change. */
export function structure(kind: ContentKind, doc: AnyDocument): Map<string, FieldValue> {
  return new Map(flatten(kind, doc).filter((f) => !isTextRole(f.role)).map((f) => [f.path, f.value]));
}

/** The paths where two structures differ (a field added, removed or changed). */
export function structureDifferences(a: Map<string, FieldValue>, b: Map<string, FieldValue>): string[] {
  const out: string[] = [];
  for (const [path, value] of a) if (!b.has(path) || b.get(path) !== value) out.push(path);
  for (const path of b.keys()) if (!a.has(path)) out.push(path);
  return out;
}

export interface FieldChange {
  field: string;
  change: 'added' | 'removed' | 'changed';
  before: FieldValue;
  after: FieldValue;
}

/** Field-by-field differences between two documents of one kind (from null: all added), in the order of the newer one. */
export function diffDocuments(kind: ContentKind, from: AnyDocument | null, to: AnyDocument): FieldChange[] {
  const before = new Map(from ? flatten(kind, from).map((f) => [f.path, f.value]) : []);
  const after = flatten(kind, to);
  const changes: FieldChange[] = [];
  const seen = new Set<string>();
  for (const { path, value } of after) {
    seen.add(path);
    if (!before.has(path)) changes.push({ field: path, change: 'added', before: null, after: value });
    else if (before.get(path) !== value) changes.push({ field: path, change: 'changed', before: before.get(path)!, after: value });
  }
  for (const [path, value] of before) if (!seen.has(path)) changes.push({ field: path, change: 'removed', before: value, after: null });
  return changes;
}

/**
 * Where a translation starts, or catches up with its source: the source's structure (its keys,
 * order, numbers and flags), the translation's own files and text where it already has the
 * element, and empty text everywhere else, so no source text can reach a published translation.
 */
export function translationTemplate<T extends AnyDocument>(kind: ContentKind, source: T, translation: AnyDocument | null): T {
  const texts = translation ? textValues(kind, translation) : new Map<string, string | null>();
  const files = translation
    ? new Map(flatten(kind, translation).filter((f) => f.role === 'file' || f.role === 'requiredFile').map((f) => [f.path, f.value as string | null]))
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
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The text a document is listed by: a story's author, any other kind's title. */
export function documentTitle(kind: ContentKind, doc: AnyDocument): string {
  return kind === 'story' ? (doc as ContentDocuments['story']).authorName : (doc as { title: string }).title;
}
