// Public content calls (specification section 7): blogs, success stories, gallery media and banner
// items, with the specification's response keys. Rich text (description) is HTML sanitised on the
// server when stored; image paths are relative (uploads/...) and the client prefixes the API host.
import { Type, type Static } from '@sinclair/typebox';

import { CONTENT_SLUG_MAX, CONTENT_SLUG_PATTERN } from './content-kinds';
import { UUID_PATTERN, Uuid } from './ids';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES } from './languages';
import { StringEnum } from './schema-helpers';

/**
 * The reader's language for a list of blogs, stories, gallery titles or banner items: each item in
 * that language where that version is published, else in English. English unless asked, so the
 * answers without it are what they always were.
 */
export const PublicLangQuery = Type.Object({
  lang: Type.Optional(
    StringEnum(LANGUAGE_CODES, {
      default: DEFAULT_LANGUAGE,
      description: "The reader's language (default en): each item in it where published there, else in English",
    }),
  ),
});

/** How a reader's address names one post or story: its id, or the address name (slug) its editor gave it. */
export const ItemAddress = Type.String({
  pattern: `(${UUID_PATTERN})|(${CONTENT_SLUG_PATTERN})`,
  maxLength: Math.max(36, CONTENT_SLUG_MAX),
  description: 'The item’s id, or its address name (lowercase letters, digits and hyphens): /blogs/spot-a-fake-call',
});

/** The reader's language for one post or story: no default, so an item asked for without it is that item. */
export const ItemLangQuery = Type.Object({
  lang: Type.Optional(
    StringEnum(LANGUAGE_CODES, {
      description: "The reader's language: the item's version in it when published there",
    }),
  ),
});

/** The language an item's text is written in: the reader's, or English where it has no version in theirs. */
const WrittenIn = StringEnum(LANGUAGE_CODES, {
  description: "The language the item's text is in (the reader's, or en where the item is not published in it)",
});

export const Blog = Type.Object({
  id: Uuid,
  title: Type.String(),
  description: Type.String({ description: 'Sanitised HTML' }),
  image: Type.String({ description: 'Relative path, e.g. uploads/blogs/x.svg' }),
  imageAlt: Type.String(),
  author: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  readTime: Type.Integer({ description: 'Minutes' }),
  lang: WrittenIn,
});
export type Blog = Static<typeof Blog>;

export const BlogPage = Type.Object({ response: Type.Object({ rows: Type.Array(Blog), count: Type.Integer() }) });
export type BlogPage = Static<typeof BlogPage>;
export const BlogList = Type.Object({ response: Type.Array(Blog) });
export type BlogList = Static<typeof BlogList>;
export const BlogOne = Type.Object({ response: Blog });
export type BlogOne = Static<typeof BlogOne>;

export const Story = Type.Object({
  id: Uuid,
  image: Type.String({ description: 'Relative path, e.g. uploads/stories/x.svg' }),
  imageAlt: Type.String(),
  authorName: Type.String(),
  description: Type.String({ description: 'Sanitised HTML' }),
  isHighlighted: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
  lang: WrittenIn,
});
export type Story = Static<typeof Story>;

export const StoryPage = Type.Object({ response: Type.Object({ rows: Type.Array(Story), count: Type.Integer() }) });
export type StoryPage = Static<typeof StoryPage>;
export const StoryList = Type.Object({ response: Type.Array(Story) });
export type StoryList = Static<typeof StoryList>;
export const StoryOne = Type.Object({ response: Story });
export type StoryOne = Static<typeof StoryOne>;

export const MediaTitle = Type.Object({ id: Uuid, title: Type.String() });
export type MediaTitle = Static<typeof MediaTitle>;
export const MediaTitles = Type.Object({ media: Type.Array(MediaTitle) });
export type MediaTitles = Static<typeof MediaTitles>;

export const GalleryImage = Type.Object({ id: Uuid, image: Type.String(), alt: Type.String() });
export type GalleryImage = Static<typeof GalleryImage>;
export const GalleryImages = Type.Object({ media: Type.Array(GalleryImage) });
export type GalleryImages = Static<typeof GalleryImages>;

export const BannerItem = Type.Object({
  id: Uuid,
  title: Type.String(),
  sub_title: Type.String(),
  location: Type.String(),
  media_images: Type.Array(Type.Object({ image: Type.String(), alt: Type.String() })),
});
export type BannerItem = Static<typeof BannerItem>;
export const Banners = Type.Object({ media: Type.Array(BannerItem) });
export type Banners = Static<typeof Banners>;
