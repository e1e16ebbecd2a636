// Where a stored file is used: every place content can name a file, in one list (USAGE_SOURCES), read
// in one statement. A place names a file when its value contains one of the file's storage keys
// (`by-hash/ab/ab....webp`): a file field holds its path (`uploads/by-hash/...`, or a store's https
// address), and rich text shows or links it (`<img src="/uploads/by-hash/...">`). The key carries
// 128 bits of the file's hash, so no other text contains it by chance.
//
// This reads the content modules' tables directly, as the DPDP copy does (ADR 12): the point is to
// miss nothing, and a list spread over six modules' surfaces would be easy to leave one out of.
// A new place that can name a file (a new field, or the drafts of content_versions) is one more
// entry in USAGE_SOURCES, and nothing else changes.
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { MEDIA_USAGE_FIELDS, MEDIA_USAGE_KINDS } from '../../../contract/media-library';
import type { DbOrTx } from '../../db/client';
import { contentItems, contentStates, contentVersions } from '../../db/schema/authoring';
import { blogs } from '../../db/schema/blogs';
import { courses, courseVideos, lessons } from '../../db/schema/courses';
import { bannerImages, bannerItems } from '../../db/schema/banners';
import { galleryImages, galleryTitles } from '../../db/schema/gallery';
import { successStories } from '../../db/schema/success-stories';

export type UsageKind = (typeof MEDIA_USAGE_KINDS)[number];
export type UsageField = (typeof MEDIA_USAGE_FIELDS)[number];

interface UsageSource {
  kind: UsageKind;
  /**
   * The select list and FROM of one row of it: its id, title, language, and the course it is part
   * of (id and title), each null where it does not apply.
   */
  row: SQL;
  /** The columns of that row that can name a file, by what they are. */
  fields: Partial<Record<UsageField, AnyPgColumn | SQL>>;
}

const none = sql`null::text`;

/** Every place content can name a stored file. */
const USAGE_SOURCES: readonly UsageSource[] = [
  {
    kind: 'course',
    row: sql`${courses.id}::text, ${courses.title}, ${courses.lang}, ${none}, ${none} from ${courses}`,
    fields: {
      image: courses.image,
      document: courses.document,
      description: courses.description,
      summary: courses.summary,
      journal: courses.journal,
    },
  },
  {
    kind: 'lesson',
    row: sql`${lessons.id}::text, ${lessons.title}, ${courses.lang}, ${courses.id}::text, ${courses.title} from ${lessons} join ${courses} on ${courses.id} = ${lessons.courseId}`,
    fields: { content: lessons.content },
  },
  {
    kind: 'video',
    row: sql`${courseVideos.id}::text, ${courseVideos.title}, ${courses.lang}, ${courses.id}::text, ${courses.title} from ${courseVideos} join ${courses} on ${courses.id} = ${courseVideos.courseId}`,
    fields: { video: courseVideos.video, poster: courseVideos.poster },
  },
  {
    kind: 'blog',
    row: sql`${blogs.id}::text, ${blogs.title}, ${blogs.lang}, ${none}, ${none} from ${blogs}`,
    fields: { image: blogs.image, description: blogs.description },
  },
  {
    kind: 'story',
    row: sql`${successStories.id}::text, ${successStories.authorName}, ${successStories.lang}, ${none}, ${none} from ${successStories}`,
    fields: { image: successStories.image, description: successStories.description },
  },
  {
    kind: 'gallery',
    row: sql`${galleryTitles.id}::text, ${galleryTitles.title}, ${galleryTitles.lang}, ${none}, ${none} from ${galleryImages} join ${galleryTitles} on ${galleryTitles.id} = ${galleryImages.titleId}`,
    fields: { image: galleryImages.image },
  },
  {
    kind: 'banner',
    row: sql`${bannerItems.id}::text, ${bannerItems.title}, ${bannerItems.lang}, ${none}, ${none} from ${bannerImages} join ${bannerItems} on ${bannerItems.id} = ${bannerImages.bannerId}`,
    fields: { image: bannerImages.image },
  },
  // What staff are writing (the authoring module, ADR 19): the newest version of each language of an item
  // and a version scheduled for publication when it is not the published one (the public tables
  // name what is published), so a file a draft shows is not deleted before it is
  // published. Older versions are history: restoring one that names a deleted file shows it missing.
  {
    kind: 'draft',
    row: sql`${contentItems.id}::text, coalesce(${contentVersions.body} ->> 'title', ${contentItems.slug}), ${contentStates.lang}, ${none}, ${none}
      from ${contentStates}
      join ${contentItems} on ${contentItems.id} = ${contentStates.itemId}
      join ${contentVersions} on ${contentVersions.itemId} = ${contentStates.itemId} and ${contentVersions.lang} = ${contentStates.lang}
        and ${contentVersions.number} in (${contentStates.headVersion}, ${contentStates.scheduledVersion})
        and ${contentVersions.number} is distinct from ${contentStates.publishedVersion}`,
    fields: { draft: sql`${contentVersions.body}::text` },
  },
];

export interface UsageRow {
  kind: UsageKind;
  field: UsageField;
  id: string;
  title: string;
  lang: string | null;
  courseId: string | null;
  courseTitle: string | null;
}

/** Every place that names one of the keys, each once, in a stable order (kind, title, field). */
export async function placesNaming(db: DbOrTx, keys: readonly string[]): Promise<UsageRow[]> {
  if (keys.length === 0) return [];
  const names = (column: AnyPgColumn | SQL) =>
    sql`(${sql.join(
      keys.map((key) => sql`strpos(${column}, ${key}) > 0`),
      sql` or `,
    )})`;
  const selects = USAGE_SOURCES.flatMap((source) =>
    Object.entries(source.fields).map(
      ([field, column]) => sql`select ${source.kind}::text, ${field}::text, ${source.row} where ${names(column)}`,
    ),
  );
  const result = await db.execute(sql`
    select kind, field, id, title, lang, course_id as "courseId", course_title as "courseTitle"
    from (${sql.join(selects, sql` union `)}) as used (kind, field, id, title, lang, course_id, course_title)
    order by kind, title, lang nulls first, field, id
  `);
  return (result as unknown as { rows: UsageRow[] }).rows;
}
