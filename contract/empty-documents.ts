// The document a new item starts from, one per kind: every text empty, no files, no chapters or
// images, and the few values a document cannot be without (a post's and a story's date, a post's
// reading time, a gallery title's or banner item's place) set to where a person would start. It is
// a valid draft (the server checks it against the kind's schema when the item is created) and not
// publishable until its text and files are filled in (publishing names each empty field). The
// console creates items with it; the server's tests check every kind is accepted.
import type { ContentDocuments } from './authoring';
import type { ContentKind } from './content-kinds';

export interface EmptyDocumentOptions {
  /** The day a post or story is dated, YYYY-MM-DD (the console gives today in IST). */
  today: string;
  /** The title to start with (a story's: the name of its person); empty when left out. */
  title?: string;
}

export function emptyDocument<K extends ContentKind>(
  kind: K,
  { today, title = '' }: EmptyDocumentOptions,
): ContentDocuments[K] {
  const documents: { [Kind in ContentKind]: () => ContentDocuments[Kind] } = {
    course: () => ({
      title,
      description: '',
      image: null,
      document: null,
      duration: 0,
      summary: null,
      journal: null,
      chapters: [],
      videos: [],
      quizzes: [],
    }),
    blog: () => ({ title, author: '', date: today, readTime: 1, image: null, imageAlt: '', description: '' }),
    story: () => ({ authorName: title, date: today, image: null, imageAlt: '', isHighlighted: false, description: '' }),
    gallery: () => ({ title, position: 1, images: [] }),
    banner: () => ({ title, subTitle: '', location: '', position: 1, images: [] }),
  };
  return documents[kind]();
}
