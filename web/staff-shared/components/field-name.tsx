// A document's field named for a person, as the translation view names it: the element by its list,
// its place and its title ("Lesson 2: What goes out"), then the field ("text"); never by the
// element's key, which is an id nobody chose. The address stays in the title attribute for those who
// read the API.
import type { ContentKind } from '../../../contract/content-kinds';
import { describeField, type ElementName } from '../../../contract/document-fields';
import { useTranslation } from '../../i18n/react';

/** An element by its list, place and title: "Lesson 2: What goes out". */
export function useElementLabel(): (element: ElementName) => string {
  const { t } = useTranslation('staff');
  return (element) =>
    t('translate.element', {
      list: t(`editor.lists.${element.list}`, { defaultValue: element.list }),
      number: element.number,
      title: element.title || t('editor.untitled'),
    });
}

export function FieldName({ kind, path, element }: { kind: ContentKind; path: string; element: ElementName | null }) {
  const { t } = useTranslation('staff');
  const elementLabel = useElementLabel();
  const field = describeField(kind, path);
  const name = t(`editor.fields.${field.name}`, { defaultValue: field.name });
  return <span title={path}>{element ? `${elementLabel(element)} · ${name}` : name}</span>;
}
