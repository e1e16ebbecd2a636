// The course's outline in the editor: chapters with their lessons, and the videos. Each list is put
// in order by drag or by keyboard (sortable-list.tsx); a lesson opens to its title, minutes, chapter
// and text, so a long course does not start a rich-text editor per lesson at once.
import { useContext, useState } from 'react';
import { TEXT_MAX } from '../../../../../contract/document-fields';
import { useTranslation } from '../../../../i18n/react';
import {
  moveItem,
  moveLessonTo,
  newChapter,
  newLesson,
  newVideo,
  updateWhere,
  type CourseDraft,
  type DraftChapter,
  type DraftLesson,
  type DraftVideo,
} from './course-draft';
import {
  Confirm,
  ImageField,
  LibraryFileField,
  NumberField,
  PickFromLibrary,
  RichField,
  TextField,
  TextOnly,
} from '../../../../staff-shared/components/document-editor/fields';
import { SortableList } from '../../../../staff-shared/components/document-editor/sortable-list';
import type { Edit as EditOf } from '../../../../staff-shared/components/document-editor/document-editor';

export type Edit = EditOf<CourseDraft>;

export function ChaptersEditor({ chapters, edit }: { chapters: DraftChapter[]; edit: Edit }) {
  const { t } = useTranslation('staff');
  const textOnly = useContext(TextOnly);
  const confirm = useContext(Confirm);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (uid: string, show = !open.has(uid)) =>
    setOpen((current) => (show ? new Set(current).add(uid) : new Set([...current].filter((u) => u !== uid))));
  const untitled = t('editor.untitled');
  const chapterName = (chapter: DraftChapter, index: number) =>
    t('editor.chapterName', { number: index + 1, title: chapter.title || untitled });
  const setChapter = (uid: string, change: (chapter: DraftChapter) => DraftChapter) =>
    edit((d) => ({ ...d, chapters: updateWhere(d.chapters, uid, change) }));

  return (
    <section className="staff-card" aria-labelledby="ce-chapters">
      <h2 id="ce-chapters">{t('editor.chapters')}</h2>
      {chapters.length === 0 && <p className="staff-muted">{t('editor.noChapters')}</p>}
      <SortableList
        items={chapters}
        label={t('editor.chapters')}
        itemName={chapterName}
        fixed={textOnly}
        onMove={(from, to) => edit((d) => ({ ...d, chapters: moveItem(d.chapters, from, to) }))}
        onRemove={(index) => {
          const chapter = chapters[index]!;
          confirm({
            title: t('editor.removeTitle', { name: chapterName(chapter, index) }),
            text: t('editor.removeChapterText', { count: chapter.lessons.length }),
            action: t('editor.removeAction'),
            run: () => edit((d) => ({ ...d, chapters: d.chapters.filter((c) => c.uid !== chapter.uid) })),
          });
        }}
      >
        {(chapter, index) => (
          <div className="ce-chapter" role="group" aria-label={chapterName(chapter, index)}>
            <TextField
              label={t('editor.chapterTitle', { number: index + 1 })}
              value={chapter.title}
              maxLength={TEXT_MAX.chapter.title}
              onChange={(title) => setChapter(chapter.uid, (c) => ({ ...c, title }))}
            />
            <h3 className="ce-subhead">{t('editor.lessonsOf', { number: index + 1 })}</h3>
            <SortableList
              items={chapter.lessons}
              className="ce-list--nested"
              label={t('editor.lessonsOf', { number: index + 1 })}
              itemName={(lesson, li) =>
                t('editor.lessonName', { number: `${index + 1}.${li + 1}`, title: lesson.title || untitled })
              }
              fixed={textOnly}
              onMove={(from, to) => setChapter(chapter.uid, (c) => ({ ...c, lessons: moveItem(c.lessons, from, to) }))}
              onRemove={(li) => {
                const lesson = chapter.lessons[li]!;
                const remove = () =>
                  setChapter(chapter.uid, (c) => ({ ...c, lessons: c.lessons.filter((l) => l.uid !== lesson.uid) }));
                if (!lesson.title && !lesson.content) return remove();
                confirm({
                  title: t('editor.removeTitle', {
                    name: t('editor.lessonName', { number: `${index + 1}.${li + 1}`, title: lesson.title || untitled }),
                  }),
                  text: t('editor.removeText'),
                  action: t('editor.removeAction'),
                  run: remove,
                });
              }}
            >
              {(lesson, li) => (
                <LessonEditor
                  lesson={lesson}
                  number={`${index + 1}.${li + 1}`}
                  chapters={chapters}
                  chapterUid={chapter.uid}
                  open={open.has(lesson.uid)}
                  onToggle={() => toggle(lesson.uid)}
                  onChange={(change) =>
                    setChapter(chapter.uid, (c) => ({ ...c, lessons: updateWhere(c.lessons, lesson.uid, change) }))
                  }
                  onMoveTo={(target) => edit((d) => moveLessonTo(d, lesson.uid, target))}
                />
              )}
            </SortableList>
            {!textOnly && (
              <button
                type="button"
                className="btn btn--ghost ce-add"
                onClick={() => {
                  const lesson = newLesson();
                  setChapter(chapter.uid, (c) => ({ ...c, lessons: [...c.lessons, lesson] }));
                  toggle(lesson.uid, true);
                }}
              >
                {t('editor.addLesson', { number: index + 1 })}
              </button>
            )}
          </div>
        )}
      </SortableList>
      {!textOnly && (
        <button
          type="button"
          className="btn btn--ghost ce-add"
          onClick={() => {
            const chapter = newChapter();
            edit((d) => ({ ...d, chapters: [...d.chapters, chapter] }));
            toggle(chapter.lessons[0]!.uid, true);
          }}
        >
          {t('editor.addChapter')}
        </button>
      )}
    </section>
  );
}

function LessonEditor({
  lesson,
  number,
  chapters,
  chapterUid,
  open,
  onToggle,
  onChange,
  onMoveTo,
}: {
  lesson: DraftLesson;
  number: string;
  chapters: DraftChapter[];
  chapterUid: string;
  open: boolean;
  onToggle: () => void;
  onChange: (change: (lesson: DraftLesson) => DraftLesson) => void;
  onMoveTo: (chapterUid: string) => void;
}) {
  const { t } = useTranslation('staff');
  const textOnly = useContext(TextOnly);
  const pickImage = useContext(PickFromLibrary);
  const panel = `ce-lesson-${lesson.uid}`;
  const name = t('editor.lessonName', { number, title: lesson.title || t('editor.untitled') });
  return (
    <div className="ce-lesson" role="group" aria-label={name}>
      <div className="ce-lesson-head">
        <span className="ce-lesson-name">{name}</span>
        <span className="staff-muted">{t('editor.minutes', { count: lesson.duration })}</span>
        <button
          type="button"
          className="btn btn--ghost ce-toggle"
          aria-expanded={open}
          aria-controls={panel}
          onClick={onToggle}
        >
          {open ? t('editor.closeLesson') : t('editor.openLesson')}
          <span className="visually-hidden"> {name}</span>
        </button>
      </div>
      {open && (
        <div id={panel} className="ce-lesson-body">
          <div className="staff-row">
            <TextField
              label={t('editor.lessonTitle')}
              value={lesson.title}
              maxLength={TEXT_MAX.lesson.title}
              onChange={(title) => onChange((l) => ({ ...l, title }))}
            />
            <NumberField
              label={t('editor.lessonDuration')}
              value={lesson.duration}
              min={0}
              max={100_000}
              onChange={(duration) => onChange((l) => ({ ...l, duration }))}
            />
            {!textOnly && chapters.length > 1 && (
              <div className="staff-field ce-field">
                <label htmlFor={`${panel}-chapter`}>{t('editor.lessonChapter')}</label>
                <select id={`${panel}-chapter`} value={chapterUid} onChange={(event) => onMoveTo(event.target.value)}>
                  {chapters.map((chapter, index) => (
                    <option key={chapter.uid} value={chapter.uid}>
                      {t('editor.chapterName', { number: index + 1, title: chapter.title || t('editor.untitled') })}
                    </option>
                  ))}
                </select>
              </div>
            )}
          </div>
          <RichField
            label={t('editor.lessonContent')}
            value={lesson.content}
            onChange={(content) => onChange((l) => ({ ...l, content }))}
            onPickImage={pickImage}
          />
        </div>
      )}
    </div>
  );
}

export function VideosEditor({ videos, edit }: { videos: DraftVideo[]; edit: Edit }) {
  const { t } = useTranslation('staff');
  const textOnly = useContext(TextOnly);
  const confirm = useContext(Confirm);
  const name = (video: DraftVideo, index: number) =>
    t('editor.videoName', { number: index + 1, title: video.title || t('editor.untitled') });
  const setVideo = (uid: string, change: (video: DraftVideo) => DraftVideo) =>
    edit((d) => ({ ...d, videos: updateWhere(d.videos, uid, change) }));
  return (
    <section className="staff-card" aria-labelledby="ce-videos">
      <h2 id="ce-videos">{t('editor.videos')}</h2>
      {videos.length === 0 && <p className="staff-muted">{t('editor.noVideos')}</p>}
      <SortableList
        items={videos}
        label={t('editor.videos')}
        itemName={name}
        fixed={textOnly}
        onMove={(from, to) => edit((d) => ({ ...d, videos: moveItem(d.videos, from, to) }))}
        onRemove={(index) =>
          confirm({
            title: t('editor.removeTitle', { name: name(videos[index]!, index) }),
            text: t('editor.removeText'),
            action: t('editor.removeAction'),
            run: () => edit((d) => ({ ...d, videos: d.videos.filter((v) => v.uid !== videos[index]!.uid) })),
          })
        }
      >
        {(video, index) => (
          <div role="group" aria-label={name(video, index)}>
            <div className="staff-row">
              <TextField
                label={t('editor.videoTitle')}
                value={video.title}
                maxLength={TEXT_MAX.video.title}
                onChange={(title) => setVideo(video.uid, (v) => ({ ...v, title }))}
              />
              <NumberField
                label={t('editor.videoDuration')}
                value={video.duration}
                min={0}
                max={86_400}
                onChange={(duration) => setVideo(video.uid, (v) => ({ ...v, duration }))}
              />
            </div>
            <TextField
              label={t('editor.videoDescription')}
              value={video.description ?? ''}
              maxLength={TEXT_MAX.video.description}
              multiline
              onChange={(description) =>
                setVideo(video.uid, (v) => ({ ...v, description: description === '' ? null : description }))
              }
            />
            <div className="staff-row">
              <LibraryFileField
                label={t('editor.videoFile')}
                kind="video"
                value={video.video}
                onChange={(file) => setVideo(video.uid, (v) => ({ ...v, video: file }))}
                onPicked={({ durationSeconds }) => {
                  // The length the file's header gives, in the whole seconds the course keeps.
                  if (durationSeconds !== null)
                    setVideo(video.uid, (v) => ({ ...v, duration: Math.min(86_400, Math.round(durationSeconds)) }));
                }}
              />
              <ImageField
                label={t('editor.videoPoster')}
                value={video.poster}
                onChange={(file) => setVideo(video.uid, (v) => ({ ...v, poster: file }))}
              />
            </div>
          </div>
        )}
      </SortableList>
      {!textOnly && (
        <button
          type="button"
          className="btn btn--ghost ce-add"
          onClick={() => edit((d) => ({ ...d, videos: [...d.videos, newVideo()] }))}
        >
          {t('editor.addVideo')}
        </button>
      )}
    </section>
  );
}
