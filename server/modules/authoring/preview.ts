// A preview (previewLanguage) projects the newest version the same way as publishing inside a
// transaction that is always rolled back, and reads it back with the public modules' own reads: what
// staff see is what learners will get, and nothing reaches the public tables or their caches.
import type { AnyDocument, PreviewResponse } from '../../../contract/authoring';
import type { ContentKind } from '../../../contract/content-kinds';
import type { LanguageCode } from '../../../contract/languages';
import type { Db, DbOrTx } from '../../db/client';
import { notFound } from '../../plugins/errors';
import { assertMayEditLanguage, type StaffMember } from '../staff/service';
import * as blogsService from '../blogs/service';
import * as coursesService from '../courses/service';
import * as quizzesService from '../quizzes/service';
import * as storiesService from '../success-stories/service';
import * as items from './repository';
import { requireHead } from './items';
import { publicId, project } from './read-models';

/** Thrown to end a preview's transaction: the rows it projected are rolled back, its answer kept. */
class PreviewRolledBack extends Error {
  constructor(readonly answer: PreviewResponse) {
    super('preview rolled back');
  }
}

/** The public answers for the rows just projected, read by the public modules' own code in `tx`. */
async function publicAnswers(
  tx: DbOrTx,
  kind: ContentKind,
  publicId_: string,
  lang: LanguageCode,
): Promise<Pick<PreviewResponse, 'blog' | 'story' | 'course' | 'chapters' | 'quizzes'>> {
  switch (kind) {
    case 'blog':
      return { blog: await blogsService.getBlog(tx, publicId_) };
    case 'story':
      return { story: await storiesService.getStory(tx, publicId_) };
    case 'course': {
      const course = await coursesService.courseDetail(tx, lang, publicId_);
      const detail = course[`course_${lang}`] as unknown as Record<string, { id: string }[]>;
      const chapters: Record<string, Awaited<ReturnType<typeof coursesService.chapterDetail>>> = {};
      for (const chapter of detail[`chapter_${lang}s`] ?? [])
        chapters[chapter.id] = await coursesService.chapterDetail(tx, lang, publicId_, chapter.id);
      // Each quiz as a learner gets it, and its key: the editor tries the quiz in the preview and
      // sees what was right without the try reaching the server.
      const keys = await quizzesService.courseAnswerKeys(tx, publicId_);
      const quizzes: Record<
        string,
        { quiz: Awaited<ReturnType<typeof quizzesService.publicQuiz>>; key: quizzesService.QuizKey['questions'] }
      > = {};
      for (const quiz of detail[`quiz_${lang}s`] ?? []) {
        quizzes[quiz.id] = {
          quiz: await quizzesService.publicQuiz(tx, lang, publicId_, quiz.id),
          key: keys.get(quiz.id)?.questions ?? [],
        };
      }
      return {
        course: course as unknown as PreviewResponse['course'],
        chapters: chapters as unknown as PreviewResponse['chapters'],
        quizzes: quizzes as unknown as PreviewResponse['quizzes'],
      };
    }
    default:
      // Gallery titles and banner items show on the pages that list them; no single answer yet.
      return {};
  }
}

/**
 * A language's newest version (draft or not) exactly as the public calls would answer it once it is
 * published: projected with the publishing code and read back with the public reads, inside a
 * transaction that is always rolled back. It announces nothing, so no public cache is touched.
 * Translators preview their languages only. Fields a publication would refuse are previewed as they
 * are (the preview is for seeing the draft; publishing still checks them).
 */
export async function previewLanguage(
  db: Db,
  member: StaffMember,
  id: string,
  lang: LanguageCode,
): Promise<PreviewResponse> {
  assertMayEditLanguage(member, lang);
  try {
    await db.transaction(async (tx) => {
      // The item's lock first, as every write takes it, so a preview and a publication never
      // take the public rows' locks in different orders.
      const item = await items.lockItem(tx, id);
      if (!item) throw notFound('contentNotFound');
      const { version } = await requireHead(tx, item, lang);
      const kind = item.kind as ContentKind;
      await project(tx, item, lang, version.body as AnyDocument);
      const publicId_ = publicId(kind, item, lang);
      const answers = await publicAnswers(tx, kind, publicId_, lang);
      throw new PreviewRolledBack({
        itemId: item.id,
        kind,
        lang,
        version: version.number,
        publicId: publicId_,
        ...answers,
      });
    });
  } catch (error) {
    if (error instanceof PreviewRolledBack) return error.answer;
    throw error;
  }
  throw new Error('a preview’s transaction always ends rolled back');
}
