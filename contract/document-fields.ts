// Which fields each kind's document (contract/authoring.ts) has, what kind of field each is, and one
// walker that flattens a document into fields addressed by key (lessons[bank-account/why].content):
// the server's diffs, stale marks and translation rules (server/lib/content-documents.ts) and
// the console's comparison of two editions of a document (its course editor's conflict view) are
// worked out on the same flat fields. Plain values only, so the web takes them at no cost.
import type { AnyDocument } from './authoring';
import type { ContentKind } from './content-kinds';

/**
 * text: plain text a translator writes, required to publish; optionalText: the same, may stay empty;
 * rich / optionalRich: the same for HTML; file: a stored file (editors' choice, may differ by
 * language), requiredFile: one that must be there to publish; value: anything else (numbers, flags,
 * dates), shared structure an editor sets.
 */
export type FieldRole = 'text' | 'optionalText' | 'rich' | 'optionalRich' | 'file' | 'requiredFile' | 'value';

export interface NodeSpec {
  fields: Record<string, FieldRole>;
  /** The longest each of its plain-text fields may be (TEXT_MAX). */
  maxLength?: Readonly<Record<string, number>>;
  lists?: Record<string, ListSpec>;
}

/**
 * The longest each plain-text field of a document may be, in characters, by the element it belongs
 * to. The documents' schemas (contract/authoring.ts) are built from these, and every field of the
 * console (the editors' and the translation view's) stops typing at them, so nobody learns a limit
 * only when a save is refused.
 */
export const TEXT_MAX = {
  course: { title: 300 },
  chapter: { title: 300 },
  lesson: { title: 300 },
  video: { title: 300, description: 2000 },
  quiz: { title: 300 },
  question: { content: 2000, explanation: 2000 },
  option: { content: 1000 },
  blog: { title: 300, author: 200, imageAlt: 500 },
  story: { authorName: 200, imageAlt: 500 },
  gallery: { title: 300 },
  banner: { title: 300, subTitle: 300, location: 200 },
  image: { alt: 500 },
} as const;

export interface ListSpec {
  node: NodeSpec;
  /**
   * Addressed from the top of the document with its parent's key as a field (lessons by
   * `lessons[key]` with `chapter`), so moving one to another parent keeps its address and its key
   * is unique in the whole document.
   */
  hoistAs?: { name: string; parentField: string };
}

const COURSE: NodeSpec = {
  fields: {
    title: 'text',
    description: 'rich',
    image: 'requiredFile',
    document: 'file',
    duration: 'value',
    summary: 'optionalRich',
    journal: 'optionalRich',
  },
  maxLength: TEXT_MAX.course,
  lists: {
    chapters: {
      node: {
        fields: { title: 'text' },
        maxLength: TEXT_MAX.chapter,
        lists: {
          lessons: {
            node: { fields: { title: 'text', duration: 'value', content: 'rich' }, maxLength: TEXT_MAX.lesson },
            hoistAs: { name: 'lessons', parentField: 'chapter' },
          },
        },
      },
    },
    videos: {
      node: {
        fields: {
          title: 'text',
          description: 'optionalText',
          video: 'requiredFile',
          poster: 'file',
          duration: 'value',
        },
        maxLength: TEXT_MAX.video,
      },
    },
    quizzes: {
      node: {
        fields: { title: 'text', passingCriteria: 'value' },
        maxLength: TEXT_MAX.quiz,
        lists: {
          questions: {
            node: {
              fields: { type: 'value', content: 'text', explanation: 'optionalText' },
              maxLength: TEXT_MAX.question,
              lists: {
                options: { node: { fields: { content: 'text', correct: 'value' }, maxLength: TEXT_MAX.option } },
              },
            },
          },
        },
      },
    },
  },
};

const IMAGES: ListSpec = { node: { fields: { image: 'file', alt: 'text' }, maxLength: TEXT_MAX.image } };

export const SPECS: Record<ContentKind, NodeSpec> = {
  course: COURSE,
  blog: {
    fields: {
      title: 'text',
      author: 'text',
      date: 'value',
      readTime: 'value',
      image: 'requiredFile',
      imageAlt: 'text',
      description: 'rich',
    },
    maxLength: TEXT_MAX.blog,
  },
  story: {
    fields: {
      authorName: 'text',
      date: 'value',
      image: 'requiredFile',
      imageAlt: 'text',
      isHighlighted: 'value',
      description: 'rich',
    },
    maxLength: TEXT_MAX.story,
  },
  gallery: { fields: { title: 'text', position: 'value' }, maxLength: TEXT_MAX.gallery, lists: { images: IMAGES } },
  banner: {
    fields: { title: 'text', subTitle: 'optionalText', location: 'optionalText', position: 'value' },
    maxLength: TEXT_MAX.banner,
    lists: { images: IMAGES },
  },
};

export type FieldValue = string | number | boolean | null;

export interface FlatField {
  path: string;
  value: FieldValue;
  role: FieldRole | 'position' | 'parent';
}

const TEXT_ROLES: ReadonlySet<string> = new Set(['text', 'optionalText', 'rich', 'optionalRich']);
export const isTextRole = (role: FlatField['role']) => TEXT_ROLES.has(role);

export type Node = Record<string, unknown>;

/** Visits every keyed element, parents first, with its address and the chain of keys above it. */
export function walkElements(
  node: Node,
  spec: NodeSpec,
  visit: (
    element: Node,
    spec: NodeSpec,
    info: {
      address: string;
      list: string;
      chain: string[];
      index: number;
      parentKey: string | null;
      parentField: string | null;
    },
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
    for (const [name, role] of Object.entries(nodeSpec.fields))
      out.push({ path: `${prefix}${name}`, value: (node[name] ?? null) as FieldValue, role });
  };
  fieldsOf(doc as Node, spec, '');
  walkElements(doc as Node, spec, (element, nodeSpec, { address, index, parentKey, parentField }) => {
    out.push({ path: `${address}.position`, value: index + 1, role: 'position' });
    if (parentField) out.push({ path: `${address}.${parentField}`, value: parentKey, role: 'parent' });
    fieldsOf(element, nodeSpec, `${address}.`);
  });
  return out;
}

/** The list a name means in a node: its own, or one hoisted to the top of the document from below (lessons). */
function listNamed(spec: NodeSpec, name: string, top: NodeSpec): ListSpec | null {
  const own = spec.lists?.[name];
  if (own && !own.hoistAs) return own;
  const search = (node: NodeSpec): ListSpec | null => {
    for (const list of Object.values(node.lists ?? {})) {
      if (list.hoistAs?.name === name) return list;
      const below = search(list.node);
      if (below) return below;
    }
    return null;
  };
  return spec === top ? search(top) : null;
}

/**
 * What an address names, for a person: the element (its list and key; null for the document's own
 * fields), the field's name, and what kind of field it is (null when the kind has no such field).
 */
export function describeField(
  kind: ContentKind,
  path: string,
): { element: { list: string; key: string } | null; name: string; role: FlatField['role'] | null } {
  const segments = path.split('.');
  const name = segments.pop() ?? '';
  const top = SPECS[kind];
  let spec: NodeSpec | null = top;
  let element: { list: string; key: string } | null = null;
  let parentField: string | null = null;
  for (const segment of segments) {
    const match = /^([A-Za-z]+)\[(.*)\]$/.exec(segment);
    const list: ListSpec | null = match && spec ? listNamed(spec, match[1]!, top) : null;
    if (!match || !list) return { element, name, role: null };
    element = { list: match[1]!, key: match[2]! };
    parentField = list.hoistAs?.parentField ?? null;
    spec = list.node;
  }
  if (element && name === 'position') return { element, name, role: 'position' };
  if (element && name === parentField) return { element, name, role: 'parent' };
  return { element, name, role: spec?.fields[name] ?? null };
}

/**
 * An element as a person names it, never by its key (a generated id such as `8nyeu1d5yn`): its
 * list's name (lessons, options), its place in its list from 1, and what it is called there (its
 * title, its text, a picture's text alternative) on one line, cut to a length.
 */
export interface ElementName {
  list: string;
  number: number;
  title: string;
}

const ELEMENT_TITLE_MAX = 80;

function elementTitle(element: Node): string {
  // Each of these is a plain-text field (a title, a question's or an option's text, an alternative).
  const text = String(element.title ?? element.content ?? element.alt ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > ELEMENT_TITLE_MAX ? `${text.slice(0, ELEMENT_TITLE_MAX - 1).trimEnd()}…` : text;
}

/** Every element of a document by its address (lessons[key], quizzes[q].questions[k]), named for a person. */
export function elementNames(kind: ContentKind, doc: AnyDocument): Map<string, ElementName> {
  const names = new Map<string, ElementName>();
  walkElements(doc as unknown as Node, SPECS[kind], (element, _spec, { address, list, index }) => {
    names.set(address, {
      list: list.split('.').at(-1)!.replace(/\[.*$/, ''),
      number: index + 1,
      title: elementTitle(element),
    });
  });
  return names;
}

/** The address of the element a field belongs to (lessons[key] of lessons[key].content); null for the document's own fields. */
export function elementAddress(path: string): string | null {
  const dot = path.lastIndexOf('.');
  return dot > 0 && path.includes('[') ? path.slice(0, dot) : null;
}

export interface FieldChange {
  field: string;
  change: 'added' | 'removed' | 'changed';
  before: FieldValue;
  after: FieldValue;
  /** The element the field belongs to, as the newer document names it (the older one for a removed element); null for the document's own fields. */
  element: ElementName | null;
}

/** Field-by-field differences between two documents of one kind (from null: all added), in the order of the newer one. */
export function diffDocuments(kind: ContentKind, from: AnyDocument | null, to: AnyDocument): FieldChange[] {
  const before = new Map(from ? flatten(kind, from).map((f) => [f.path, f.value]) : []);
  const after = flatten(kind, to);
  const namesAfter = elementNames(kind, to);
  let namesBefore: Map<string, ElementName> | null = null;
  const element = (path: string): ElementName | null => {
    const address = elementAddress(path);
    if (!address) return null;
    const named = namesAfter.get(address);
    if (named) return named;
    namesBefore ??= from ? elementNames(kind, from) : new Map<string, ElementName>();
    return namesBefore.get(address) ?? null;
  };
  const changes: FieldChange[] = [];
  const seen = new Set<string>();
  for (const { path, value } of after) {
    seen.add(path);
    if (!before.has(path))
      changes.push({ field: path, change: 'added', before: null, after: value, element: element(path) });
    else if (before.get(path) !== value)
      changes.push({ field: path, change: 'changed', before: before.get(path)!, after: value, element: element(path) });
  }
  for (const [path, value] of before)
    if (!seen.has(path))
      changes.push({ field: path, change: 'removed', before: value, after: null, element: element(path) });
  return changes;
}

/** What is wrong with a quiz question's options, if anything: the one rule the server (to publish) and the console's quiz builder (to save) apply. */
export type QuestionProblem = 'tooFewOptions' | 'noCorrectOption' | 'singleNeedsOneCorrect';

export function questionProblems(question: {
  type: 'single' | 'multi';
  options: readonly { correct: boolean }[];
}): QuestionProblem[] {
  const problems: QuestionProblem[] = [];
  const correct = question.options.filter((option) => option.correct).length;
  if (question.options.length < 2) problems.push('tooFewOptions');
  if (correct === 0) problems.push('noCorrectOption');
  else if (question.type === 'single' && correct > 1) problems.push('singleNeedsOneCorrect');
  return problems;
}

// ---------------------------------------------------------------- two people's edits put together
// Two people's edits of one version put together (ADR 36): a three-way merge, field by field,
// against the version both started from. Each side's changes are its fields that differ from that
// version; a field only one side changed takes that side's value, a field both changed to different
// values is a conflict, offered to the person field by field. Only text and values are merged: when
// either side added, removed or moved an element (a lesson, a question, a picture), the documents
// are not merged by themselves and the person compares the whole of both. The server merges a save
// based on an older version (versions.ts); the console merges someone else's save into the draft.

export interface FieldConflict {
  field: string;
  /** The value in the version both started from. */
  base: FieldValue;
  mine: FieldValue;
  theirs: FieldValue;
}

export type MergeResult =
  | { merged: AnyDocument; conflicts: FieldConflict[] }
  /** Either side changed the structure: not merged by itself. */
  | null;

/** The document with some fields, by their addresses, set to values (a copy; the original is untouched). */
export function withFields(kind: ContentKind, doc: AnyDocument, values: ReadonlyMap<string, FieldValue>): AnyDocument {
  const copy = structuredClone(doc) as unknown as Node;
  const elements = new Map<string, Node>([['', copy]]);
  walkElements(copy, SPECS[kind], (element, _spec, info) => elements.set(info.address, element));
  for (const [path, value] of values) {
    const cut = path.lastIndexOf('.');
    const element = elements.get(cut < 0 ? '' : path.slice(0, cut));
    if (element) element[cut < 0 ? path : path.slice(cut + 1)] = value;
  }
  return copy as unknown as AnyDocument;
}

/** Theirs with my changes since the base, unless both changed the same field (a conflict) or the structure. */
export function mergeDocuments(
  kind: ContentKind,
  base: AnyDocument,
  mine: AnyDocument,
  theirs: AnyDocument,
): MergeResult {
  const myChanges = diffDocuments(kind, base, mine);
  const theirChanges = diffDocuments(kind, base, theirs);
  // An element's place (its position, its chapter) is structure too.
  const places = new Set(
    flatten(kind, base)
      .filter((field) => field.role === 'position' || field.role === 'parent')
      .map((field) => field.path),
  );
  const structural = (change: { field: string; change: string }) =>
    change.change !== 'changed' || places.has(change.field);
  if (myChanges.some(structural) || theirChanges.some(structural)) return null;
  const theirsByField = new Map(theirChanges.map((change) => [change.field, change]));
  const take = new Map<string, FieldValue>();
  const conflicts: FieldConflict[] = [];
  for (const change of myChanges) {
    const other = theirsByField.get(change.field);
    if (!other) take.set(change.field, change.after);
    else if (other.after !== change.after)
      conflicts.push({ field: change.field, base: change.before, mine: change.after, theirs: other.after });
  }
  return { merged: withFields(kind, theirs, take), conflicts };
}
