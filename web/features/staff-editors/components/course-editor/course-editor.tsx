// The course editor: one language of a course, as a whole: its own fields, the chapters and lessons,
// the videos and the quizzes, in the editor every kind shares (document-editor.tsx: saving by
// itself, the copy in this browser, the leave guard, the conflict view). A quiz question whose
// correct answers are not marked holds the save back, saying which.
import { useCallback } from 'react';
import { TEXT_MAX } from '../../../../../contract/document-fields';
import { useTranslation } from '../../../../i18n/react';
import {
  DocumentEditor,
  fieldSetter,
  type KindEditorProps,
} from '../../../../staff-shared/components/document-editor/document-editor';
import {
  ImageField,
  LibraryFileField,
  NumberField,
  RichField,
  TextField,
} from '../../../../staff-shared/components/document-editor/fields';
import { quizProblems, type CourseDraft } from './course-draft';
import { ChaptersEditor, VideosEditor } from './outline';
import { QuizzesEditor } from './quiz-builder';

export function CourseEditor(props: KindEditorProps) {
  const { t } = useTranslation('staff');
  const check = useCallback(
    (draft: CourseDraft) => {
      const count = quizProblems(draft).size;
      return count > 0 ? t('editor.status.badQuestions', { count }) : null;
    },
    [t],
  );
  return (
    <DocumentEditor<CourseDraft> kind="course" {...props} check={check}>
      {(draft, edit) => {
        const set = fieldSetter(edit);
        return (
          <>
            <section className="staff-card" aria-labelledby="ce-course">
              <h2 id="ce-course">{t('editor.course')}</h2>
              <div className="staff-row">
                <TextField
                  label={t('editor.courseTitle')}
                  value={draft.title}
                  maxLength={TEXT_MAX.course.title}
                  onChange={set('title')}
                />
                <NumberField
                  label={t('editor.courseDuration')}
                  value={draft.duration}
                  min={0}
                  max={100_000}
                  onChange={set('duration')}
                />
              </div>
              <div className="staff-row">
                <ImageField label={t('editor.courseImage')} value={draft.image} onChange={set('image')} required />
                <LibraryFileField
                  label={t('editor.courseDocument')}
                  kind="document"
                  value={draft.document}
                  onChange={set('document')}
                />
              </div>
              <RichField
                label={t('editor.courseDescription')}
                value={draft.description}
                onChange={set('description')}
                onPickImage={props.onPickImage}
              />
              <RichField
                label={t('editor.courseSummary')}
                value={draft.summary ?? ''}
                onChange={(html) => set('summary')(html === '' ? null : html)}
                onPickImage={props.onPickImage}
              />
              <RichField
                label={t('editor.courseJournal')}
                value={draft.journal ?? ''}
                onChange={(html) => set('journal')(html === '' ? null : html)}
                onPickImage={props.onPickImage}
              />
            </section>
            <ChaptersEditor chapters={draft.chapters} edit={edit} />
            <VideosEditor videos={draft.videos} edit={edit} />
            <QuizzesEditor quizzes={draft.quizzes} problems={quizProblems(draft)} edit={edit} />
          </>
        );
      }}
    </DocumentEditor>
  );
}
