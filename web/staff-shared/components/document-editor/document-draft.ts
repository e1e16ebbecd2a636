// A document as an editor holds it while someone writes, whatever its kind: the document of
// contract/authoring.ts with an id of the editor's own (`uid`) on every element of its lists
// (chapters, lessons, questions, images...), so a new element, which has no `key` until the server
// gives it one, can be moved, dragged and told apart. Keys are never made here: an element keeps
// the key it came with, a new one is sent without one, and after a save the keys the server gave
// are taken into the draft (adoptKeys), so the next save names the same elements. Which lists a
// kind has comes from contract/document-fields.ts, as the server's diffs do.
import type { AnyDocument } from '../../../../contract/authoring';
import type { ContentKind } from '../../../../contract/content-kinds';
import {
  SPECS,
  describeField,
  diffDocuments,
  walkElements,
  type FieldChange,
  type Node,
  type NodeSpec,
} from '../../../../contract/document-fields';

interface Uid {
  /** The editor's own id for the element, never sent. */
  uid: string;
}
export type { Uid };

let lastUid = 0;
export const newUid = () => `u${++lastUid}`;

type Tree = Record<string, unknown>;

function withUids(node: Tree, spec: NodeSpec): Tree {
  const out: Tree = { ...node };
  for (const [name, list] of Object.entries(spec.lists ?? {})) {
    out[name] = ((node[name] as Tree[] | undefined) ?? []).map((element) => ({
      ...withUids(element, list.node),
      uid: newUid(),
    }));
  }
  return out;
}

function withoutUids(node: Tree, spec: NodeSpec): Tree {
  const out: Tree = { ...node };
  for (const [name, list] of Object.entries(spec.lists ?? {})) {
    out[name] = ((node[name] as Tree[] | undefined) ?? []).map((element) => {
      const { uid: _uid, ...rest } = withoutUids(element, list.node);
      if (rest.key === undefined || rest.key === '') delete rest.key;
      return rest;
    });
  }
  return out;
}

/** The draft of a document: every element of its lists given an editor's id. */
export function draftOf<D>(kind: ContentKind, doc: AnyDocument): D {
  return withUids(doc as unknown as Tree, SPECS[kind]) as D;
}

/** The document to send: what the person wrote, in their order, keys as they are, no editor's ids. */
export function documentOf<D extends AnyDocument>(kind: ContentKind, draft: unknown): D {
  return withoutUids(draft as Tree, SPECS[kind]) as unknown as D;
}

type Keyed = Tree & { key?: string; uid?: string };

/** uid -> the key the server gave, by walking the sent draft and the saved document side by side. */
function givenKeys(sent: Tree, saved: Tree, spec: NodeSpec, out: Map<string, string>) {
  for (const [name, list] of Object.entries(spec.lists ?? {})) {
    const mine = (sent[name] as Keyed[] | undefined) ?? [];
    const theirs = (saved[name] as Keyed[] | undefined) ?? [];
    mine.forEach((element, index) => {
      const match = theirs[index];
      if (!match) return;
      if (element.uid && !element.key && match.key) out.set(element.uid, match.key);
      givenKeys(element, match, list.node, out);
    });
  }
  return out;
}

function withKeys(node: Tree, spec: NodeSpec, keys: Map<string, string>): Tree {
  const out: Tree = { ...node };
  const own = node as Keyed;
  if (own.uid && !own.key && keys.has(own.uid)) out.key = keys.get(own.uid);
  for (const [name, list] of Object.entries(spec.lists ?? {})) {
    const items = node[name] as Tree[] | undefined;
    if (items) out[name] = items.map((item) => withKeys(item, list.node, keys));
  }
  return out;
}

/**
 * The draft with the keys the server gave to the new elements of a save (`sent` is the draft as it
 * was sent, `saved` the document the server answered). The draft may have changed meanwhile: the
 * elements are found by their uid, wherever they are now.
 */
export function adoptKeys<D>(kind: ContentKind, draft: D, sent: D, saved: AnyDocument): D {
  const spec = SPECS[kind];
  const keys = givenKeys(sent as Tree, saved as unknown as Tree, spec, new Map());
  if (keys.size === 0) return draft;
  return withKeys(draft as Tree, spec, keys) as D;
}

/** The list with one element (by uid) changed. */
export function updateWhere<T extends Uid>(items: readonly T[], uid: string, change: (item: T) => T): T[] {
  return items.map((item) => (item.uid === uid ? change(item) : item));
}

export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const out = [...items];
  const [moved] = out.splice(from, 1);
  out.splice(to, 0, moved as T);
  return out;
}

// ---------------------------------------------------------------- two editions side by side

export interface ConflictRow {
  /** The field's address in the document (lessons[key].content), for a stable React key. */
  field: string;
  /** The element it belongs to, for a person: its list (chapters, lessons, images...) and name; null for the document's own fields. */
  element: { list: string; title: string } | null;
  name: string;
  /** Whether the field holds HTML (shown as its text). */
  rich: boolean;
  change: FieldChange['change'];
  theirs: FieldChange['before'];
  mine: FieldChange['after'];
}

/** What a person calls an element: its title, its text (a question, an option), or an image's alternative text. */
const elementName = (node: Node) => String(node.title ?? node.content ?? node.alt ?? node.image ?? '');

/**
 * The fields where the person's draft differs from the version someone else saved meanwhile. A
 * new element of the draft (no key yet) is addressed as "new-N" so that it shows as added.
 */
export function conflictRows(kind: ContentKind, theirs: AnyDocument, mine: unknown): ConflictRow[] {
  const spec = SPECS[kind];
  let fresh = 0;
  const mineDoc = documentOf(kind, mine);
  walkElements(mineDoc as unknown as Node, spec, (element) => {
    if (!element.key) element.key = `new-${++fresh}`;
  });
  // Where each element is, and what it is called in either edition (the newer name first).
  const elements = new Map<string, { list: string; title: string }>();
  for (const doc of [theirs, mineDoc]) {
    walkElements(doc as unknown as Node, spec, (element, _spec, { address, list }) => {
      elements.set(address, { list: list.split('.').at(-1)!.replace(/\[.*$/, ''), title: elementName(element) });
    });
  }
  return diffDocuments(kind, theirs, mineDoc).map((change) => {
    const cut = change.field.lastIndexOf('.');
    const { role } = describeField(kind, change.field);
    return {
      field: change.field,
      element: elements.get(cut > 0 ? change.field.slice(0, cut) : '') ?? null,
      name: cut > 0 ? change.field.slice(cut + 1) : change.field,
      rich: role === 'rich' || role === 'optionalRich',
      change: change.change,
      theirs: change.before,
      mine: change.after,
    };
  });
}

// ---------------------------------------------------------------- one field, by its address

/** The element at an address (lessons[key], chapters[key]; '' for the document itself), or null. */
function elementAt(kind: ContentKind, draft: Tree, address: string): Tree | null {
  if (address === '') return draft;
  let found: Tree | null = null;
  walkElements(draft as Node, SPECS[kind], (element, _spec, info) => {
    if (info.address === address) found = element as Tree;
  });
  return found;
}

/** The node with `target` (found by identity, anywhere below) replaced by `next`; untouched branches are kept as they are. */
function replaceIn(node: Tree, spec: NodeSpec, target: Tree, next: Tree): Tree {
  if (node === target) return next;
  for (const [name, list] of Object.entries(spec.lists ?? {})) {
    const items = node[name] as Tree[] | undefined;
    if (!items) continue;
    for (let index = 0; index < items.length; index++) {
      const replaced = replaceIn(items[index]!, list.node, target, next);
      if (replaced !== items[index]) {
        const copy = [...items];
        copy[index] = replaced;
        return { ...node, [name]: copy };
      }
    }
  }
  return node;
}

/** Splits a field's address (lessons[k].content) into its element's address and the field's name. */
export function splitField(path: string): { address: string; name: string } {
  const cut = path.lastIndexOf('.');
  return cut < 0 ? { address: '', name: path } : { address: path.slice(0, cut), name: path.slice(cut + 1) };
}

/**
 * Reads fields of one draft by their addresses; the draft's elements are found in one walk, so a page
 * reading every field of a long course does not walk it once per field.
 */
export function fieldReader(kind: ContentKind, draft: unknown): (path: string) => unknown {
  const elements = new Map<string, Tree>([['', draft as Tree]]);
  walkElements(draft as Node, SPECS[kind], (element, _spec, info) => elements.set(info.address, element as Tree));
  return (path) => {
    const { address, name } = splitField(path);
    return elements.get(address)?.[name];
  };
}

/** The value of one field of a draft, by its address; undefined when the draft has no such field. */
export function fieldValue(kind: ContentKind, draft: unknown, path: string): unknown {
  return fieldReader(kind, draft)(path);
}

/** The draft with one field, by its address, set to a value (the draft as it was when it has no such element). */
export function setField<D>(kind: ContentKind, draft: D, path: string, value: unknown): D {
  const { address, name } = splitField(path);
  const element = elementAt(kind, draft as Tree, address);
  if (!element) return draft;
  return replaceIn(draft as Tree, SPECS[kind], element, { ...element, [name]: value }) as D;
}
