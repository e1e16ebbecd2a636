import { useParams } from 'react-router';
import { CourseDetail } from '../../features/courses/components/course-detail';
import { ConsentStep } from '../../features/profile/components/consent-gate';
import { useSession } from '../../lib/session';
import { paths } from '../paths';

export function Component() {
  const { lang = '', courseId = '' } = useParams();
  const { signedIn, loading } = useSession();
  return (
    <CourseDetail
      key={`${lang}/${courseId}`}
      lang={lang}
      courseId={courseId}
      signedIn={signedIn}
      sessionPending={loading}
      paths={paths}
      // A minor's parent or guardian agrees here before the first enrolment.
      consentStep={<ConsentStep />}
    />
  );
}
