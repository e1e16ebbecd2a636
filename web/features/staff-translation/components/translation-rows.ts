// What a translator works through, in the source's order: the document's own text fields, then each
// element's (a chapter, a lesson, a question and its options, a picture), each element named as the
// editor names it (its list, its place in it, its title in the source). Only the fields a
// translator writes (contract/document-fields.ts: text and rich text) are listed.
import type { AnyDocument } from '../../../../contract/authoring';
import type { ContentKind } from '../../../../contract/content-kinds';
import {
  SPECS,
  elementNames,
  isTextRole,
  walkElements,
  type Node,
  type NodeSpec,
} from '../../../../contract/document-fields';

export interface TranslationField {
  /** The field's address (lessons[key].content). */
  path: string;
  /** Its name in its element (title, content, alt). */
  name: string;
  rich: boolean;
  /** Whether publishing needs it filled in. */
  required: boolean;
  /** The longest plain text it may hold, as in the editors (TEXT_MAX); none for rich text. */
  maxLength?: number;
}

export interface TranslationGroup {
  /** The element's address; '' for the document itself. */
  address: string;
  /** Its list (chapters, lessons, options...); null for the document itself. */
  list: string | null;
  /** Its place in its list, from 1. */
  number: number;
  /** What it is called in the source (its title, its text, a picture's text alternative). */
  title: string;
  fields: TranslationField[];
}

function textFields({ fields, maxLength }: NodeSpec, prefix: string): TranslationField[] {
  return Object.entries(fields)
    .filter(([, role]) => isTextRole(role))
    .map(([field, role]) => ({
      path: `${prefix}${field}`,
      name: field,
      rich: role === 'rich' || role === 'optionalRich',
      required: role === 'text' || role === 'rich',
      maxLength: maxLength?.[field],
    }));
}

export function translationGroups(kind: ContentKind, source: AnyDocument): TranslationGroup[] {
  const spec = SPECS[kind];
  const groups: TranslationGroup[] = [{ address: '', list: null, number: 1, title: '', fields: textFields(spec, '') }];
  const names = elementNames(kind, source);
  walkElements(source as unknown as Node, spec, (_element, nodeSpec, { address }) => {
    const fields = textFields(nodeSpec, `${address}.`);
    const { list, number, title } = names.get(address)!;
    if (fields.length > 0) groups.push({ address, list, number, title, fields });
  });
  return groups.filter((group) => group.fields.length > 0);
}
