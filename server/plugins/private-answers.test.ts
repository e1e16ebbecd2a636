// Every API answer that depends on the session says no-store; public reads keep their public
// Cache-Control even when a signed-in learner asks.
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../test/test-app';
import { signInAs, type SignedIn } from '../test/sign-in';
import { createCourseFixture, type CourseFixture } from '../test/course-fixture';
import { signUp } from '../modules/auth/auth-test-helpers';

const t = testAppPerFile();
let learner: SignedIn;
let course: CourseFixture;
beforeAll(async () => {
  learner = await signInAs(t.app);
  course = await createCourseFixture(t.app.db);
  const enrolled = await t.app.inject({ method: 'POST', url: `/api/progress/en/${course.courseId}`, headers: learner.headers });
  expect(enrolled.statusCode).toBe(201);
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('Cache-Control of personal answers', () => {
  it('is no-store on every signed-in read', async () => {
    const urls = [
      '/api/user/me',
      '/api/user/me/export',
      '/api/user/session-status',
      '/api/progress/en/progress',
      '/api/progress/en/stats',
      `/api/progress/en/${course.courseId}/progress`,
      `/api/progress/en/${course.courseId}/journal`,
      `/api/course/en/${course.courseId}/rating`,
    ];
    for (const url of urls) {
      const res = await get(url, learner.headers);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('is no-store on the answers of writes and on refusals that read the session', async () => {
    const journal = await t.app.inject({
      method: 'PUT',
      url: `/api/progress/en/${course.courseId}/journal`,
      headers: learner.headers,
      payload: { text: 'Save for a goat' },
    });
    expect(journal.statusCode).toBe(200);
    expect(journal.headers['cache-control']).toBe('no-store');
    for (const url of ['/api/user/me', '/api/progress/en/progress']) {
      const anonymous = await get(url);
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.headers['cache-control'], url).toBe('no-store');
    }
    expect((await get('/api/user/session-status')).headers['cache-control']).toBe('no-store');
  });

  it('is no-store on an answer that sets the session cookie', async () => {
    const { cookie } = await signUp(t.app);
    const out = await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: { cookie } });
    expect(out.headers['set-cookie']).toBeDefined();
    expect(out.headers['cache-control']).toBe('no-store');
  });

  it('leaves public reads public, even for a signed-in learner', async () => {
    for (const url of ['/api/blog/public', '/api/successstories/public', '/api/media/public/titles']) {
      const res = await get(url, learner.headers);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('public, max-age=60');
    }
    const courses = await get('/api/course/public?lang=en', learner.headers);
    expect(courses.statusCode).toBe(200);
    expect(courses.headers['cache-control']).toBeUndefined();
  });
});
