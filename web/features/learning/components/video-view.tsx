// A course video: the stored file in the browser's own player; watching to the end marks it.
import { useRef } from 'react';
import { Navigate } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import type { LanguageCode } from '../../../../contract/languages';
import { ApiError } from '../../../lib/api-client';
import { localMessage } from '../../../i18n/server-messages';
import { notify } from '../../../components/notifications';
import { QueryState } from '../../../components/query-state';
import { useCourse } from '../../../lib/course/courses';
import { useLearnerProgress } from '../api/learner-progress';
import { useCompleteVideo } from '../api/progress';
import { completion } from '../../../lib/course/course-items';
import { EnrolOffer } from './enrol-offer';
import { VideoArticle } from './learning-articles';
import type { LearningPaths } from '../../../lib/learning-paths';
import { NextStep } from './next-step';

export function VideoView({
  lang,
  courseId,
  videoId,
  paths,
}: {
  lang: LanguageCode;
  courseId: string;
  videoId: string;
  paths: LearningPaths;
}) {
  const { t } = useTranslation('learning');
  const course = useCourse(lang, courseId);
  const progress = useLearnerProgress(lang, courseId);
  const complete = useCompleteVideo(lang, courseId);
  const sent = useRef(false);

  if (!course.data)
    return (
      <QueryState
        isPending={course.isPending}
        isError={course.isError}
        refetch={() => void course.refetch()}
        minHeight="screen"
      />
    );
  const video = course.data.videos.find((v) => v.id === videoId);
  if (!video) return <Navigate to={paths.course(lang, courseId)} replace />;
  const watched = completion(progress.data).videos.has(video.id);

  const onEnded = () => {
    if (watched || sent.current) return;
    sent.current = true;
    complete.mutate(video.id, {
      onSuccess: (answer) =>
        notify({ status: 200, message: answer.sent ? localMessage(answer.sent) : t('offline.away.keptOnPhone') }),
      onError: (error) => {
        sent.current = false;
        notify({ status: error instanceof ApiError ? error.status : 500, message: localMessage(error) });
      },
    });
  };

  return (
    <VideoArticle
      video={video}
      onEnded={onEnded}
      status={
        progress.isSuccess && progress.data === null ? (
          <EnrolOffer lang={lang} courseId={courseId} />
        ) : (
          <p className={watched ? 'done-note' : 'view__meta'} role="status">
            {watched ? `✓ ${t('videoDone')}` : t('videoHint')}
          </p>
        )
      }
      next={<NextStep lang={lang} courseId={courseId} current={video.id} paths={paths} />}
    />
  );
}
