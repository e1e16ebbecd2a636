// Proof that a web call is checked against the API's document (web/lib/api-types.generated.ts):
// each line under a @ts-expect-error is a mistake that must stay a type error, and `npm run
// typecheck` fails ("unused @ts-expect-error") the day one of them compiles. Never run, never
// bundled: nothing imports it.
import { api, apiAddress } from './api-client';

export async function mistakes(signal: AbortSignal): Promise<unknown[]> {
  const blogId = '00000000-0000-4000-8000-000000000000';
  return [
    // The right calls compile: the errors below are the mistakes, nothing else.
    await api.get('/api/blog/public/{blogId}', { path: { blogId }, signal }),
    await api.get('/api/blog/public', { query: { offset: 0, limit: 4, lang: 'hi' } }),
    await api.post('/api/user/send-otp', { body: { mobile: '9876543210' } }),
    (await api.get('/api/blog/public/recent')).response.map((post) => post.title),

    // @ts-expect-error A path the API does not have.
    await api.get('/api/blog/public/latest'),
    // @ts-expect-error A path the API has, with a method it lacks.
    await api.delete('/api/blog/public/recent'),
    // @ts-expect-error An address filled by hand instead of the path and its parameters.
    await api.get(`/api/blog/public/${blogId}`),

    // @ts-expect-error The path's parameter missing.
    await api.get('/api/blog/public/{blogId}', { signal }),
    // @ts-expect-error A path parameter under another name.
    await api.get('/api/blog/public/{blogId}', { path: { id: blogId } }),
    // @ts-expect-error A query parameter the API would refuse (a language code is `hi`, not `hindi`).
    await api.get('/api/blog/public', { query: { offset: 0, limit: 4, lang: 'hindi' } }),
    // @ts-expect-error The body missing.
    await api.post('/api/user/send-otp'),
    // @ts-expect-error A body field of a type the API does not take.
    await api.post('/api/user/send-otp', { body: { mobile: true } }),
    // @ts-expect-error A link's address with its parameter missing.
    apiAddress('/api/staff/analytics/export/{report}'),

    // @ts-expect-error A field the answer does not have (a post's heading is its title).
    (await api.get('/api/blog/public/recent')).response.map((post) => post.heading),
    // @ts-expect-error The answer read as what it is not (the posts are under `response`).
    (await api.get('/api/blog/public/recent')).rows,
  ];
}
