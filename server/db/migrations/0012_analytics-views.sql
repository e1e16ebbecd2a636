-- The staff's analytics (ADR 27): materialized views of counts only, keyed by India's day
-- (contract STAFF_TIME_ZONE) and by what the dashboard filters on. One instance refreshes them
-- every few minutes (server/modules/analytics/refresh.ts), CONCURRENTLY, so dashboard reads never
-- wait and never touch the learners' tables. No view holds a user id, a name, a mobile number or
-- a journal's text. Each has a unique index, which a concurrent refresh needs. Migration 0014
-- turns registrations, activity and answers into tables refreshed by recent days.

-- Learners registered per day, by each dimension of the dashboard, in each scope a filter picks:
-- 'all', 'lang:<code>' (enrolled in a course of that language), 'course:<id>' (enrolled in it).
-- The dimension 'total' holds the count itself.
CREATE MATERIALIZED VIEW "analytics_registrations" AS
WITH learner AS (
  SELECT u.id,
    (u.created_at AT TIME ZONE 'Asia/Kolkata')::date AS day,
    coalesce(u.interface_lang, 'unknown') AS interface_language,
    coalesce((SELECT c.lang FROM enrolments e JOIN courses c ON c.id = e.course_id
      WHERE e.user_id = u.id ORDER BY e.created_at, e.id LIMIT 1), 'unknown') AS course_language,
    coalesce(u.gender, 'unknown') AS gender,
    CASE WHEN u.age IS NULL THEN 'unknown' WHEN u.age < 18 THEN 'under18' WHEN u.age <= 24 THEN '18-24'
      WHEN u.age <= 34 THEN '25-34' WHEN u.age <= 49 THEN '35-49' ELSE '50plus' END AS age_band,
    coalesce(u.qualification, 'unknown') AS qualification,
    CASE WHEN u.minor_until IS NULL OR u.minor_until <= now() THEN 'adult'
      WHEN u.guardian_consent_method IS NOT NULL THEN 'minorWithConsent' ELSE 'minorWithoutConsent' END AS consent
  FROM users u
  -- Staff accounts try the courses out; they are not the programme's learners.
  WHERE u.role = 'user' AND NOT EXISTS (SELECT 1 FROM staff_members s WHERE s.user_id = u.id)
),
scoped AS (
  SELECT l.*, 'all' AS scope FROM learner l
  UNION ALL
  SELECT l.*, 'lang:' || langs.lang FROM learner l
    JOIN (SELECT DISTINCT e.user_id, c.lang FROM enrolments e JOIN courses c ON c.id = e.course_id) langs ON langs.user_id = l.id
  UNION ALL
  SELECT l.*, 'course:' || e.course_id FROM learner l JOIN enrolments e ON e.user_id = l.id
)
SELECT s.scope, d.dimension, d.key, s.day, count(*)::int AS learners
FROM scoped s
CROSS JOIN LATERAL (VALUES
  ('total', 'total'),
  ('interfaceLanguage', s.interface_language),
  ('courseLanguage', s.course_language),
  ('gender', s.gender),
  ('ageBand', s.age_band),
  ('qualification', s.qualification),
  ('consent', s.consent)
) AS d(dimension, key)
GROUP BY s.scope, d.dimension, d.key, s.day;
--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_registrations_key" ON "analytics_registrations" (scope, dimension, day, key);
--> statement-breakpoint

-- Learners active in each day, week (from Monday) and month, per scope: they enrolled, finished a
-- lesson or a video, or attempted a quiz. Distinct counts do not add up across periods, so each
-- grain is counted for itself.
CREATE MATERIALIZED VIEW "analytics_activity" AS
WITH events AS (
  SELECT user_id, course_id, (created_at AT TIME ZONE 'Asia/Kolkata')::date AS day FROM enrolments
  UNION
  SELECT user_id, course_id, (created_at AT TIME ZONE 'Asia/Kolkata')::date FROM completions
  UNION
  SELECT user_id, course_id, (created_at AT TIME ZONE 'Asia/Kolkata')::date FROM quiz_attempts
),
periods AS (
  SELECT DISTINCT e.user_id, e.course_id, g.grain, g.period
  FROM events e
  CROSS JOIN LATERAL (VALUES
    ('day', e.day),
    ('week', date_trunc('week', e.day)::date),
    ('month', date_trunc('month', e.day)::date)
  ) AS g(grain, period)
  WHERE NOT EXISTS (SELECT 1 FROM staff_members s WHERE s.user_id = e.user_id)
)
SELECT 'all' AS scope, grain, period, count(DISTINCT user_id)::int AS learners FROM periods GROUP BY grain, period
UNION ALL
SELECT 'lang:' || c.lang, p.grain, p.period, count(DISTINCT p.user_id)::int FROM periods p JOIN courses c ON c.id = p.course_id GROUP BY c.lang, p.grain, p.period
UNION ALL
SELECT 'course:' || p.course_id, p.grain, p.period, count(*)::int FROM periods p GROUP BY p.course_id, p.grain, p.period;
--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_activity_key" ON "analytics_activity" (scope, grain, period);
--> statement-breakpoint

-- Each enrolment's steps, reduced to what the funnel, its medians and the drop-off need (no user
-- id). The three views below are computed from it; the dashboard never reads it, so it is
-- refreshed first and without CONCURRENTLY.
CREATE MATERIALIZED VIEW "analytics_enrolment_steps" AS
WITH items AS (
  SELECT course_id, count(*) AS n FROM (
    SELECT course_id FROM lessons UNION ALL SELECT course_id FROM course_videos UNION ALL SELECT course_id FROM quizzes
  ) i GROUP BY course_id
),
-- What a learner has done in a course, as the progress percentage counts it: lessons finished,
-- videos watched and quizzes passed (the first pass).
done AS (
  SELECT user_id, course_id, created_at, coalesce(lesson_id, video_id) AS item_id FROM completions
  UNION ALL
  (SELECT DISTINCT ON (user_id, quiz_id) user_id, course_id, created_at, quiz_id FROM quiz_attempts WHERE passed ORDER BY user_id, quiz_id, created_at, id)
),
ranked AS (
  SELECT d.user_id, d.course_id, d.created_at, d.item_id,
    row_number() OVER (PARTITION BY d.user_id, d.course_id ORDER BY d.created_at, d.item_id) AS rn,
    count(*) OVER (PARTITION BY d.user_id, d.course_id) AS done
  FROM done d
),
progress AS (
  SELECT r.user_id, r.course_id,
    min(r.created_at) AS started_at,
    min(r.created_at) FILTER (WHERE r.rn >= ceil(i.n / 2.0)) AS half_at,
    min(r.item_id::text) FILTER (WHERE r.rn = r.done) AS last_item
  FROM ranked r JOIN items i ON i.course_id = r.course_id
  GROUP BY r.user_id, r.course_id
)
SELECT e.course_id,
  (e.created_at AT TIME ZONE 'Asia/Kolkata')::date AS day,
  e.created_at AS enrolled_at,
  -- Each step counts only if the ones before it do, so the funnel never widens.
  coalesce(p.started_at, e.completed_at) AS started_at,
  coalesce(p.half_at, e.completed_at) AS half_at,
  e.completed_at,
  CASE WHEN e.completed_at IS NOT NULL THEN cert.created_at END AS certificate_at,
  CASE WHEN e.completed_at IS NULL THEN p.last_item END AS stopped_after
FROM enrolments e
JOIN courses co ON co.id = e.course_id
LEFT JOIN progress p ON p.user_id = e.user_id AND p.course_id = e.course_id
LEFT JOIN certificates cert ON cert.user_id = e.user_id AND cert.lang = co.lang
WHERE NOT EXISTS (SELECT 1 FROM staff_members s WHERE s.user_id = e.user_id);
--> statement-breakpoint

-- Enrolments per course and day of enrolment, and how many of them reached each step.
CREATE MATERIALIZED VIEW "analytics_funnel" AS
SELECT course_id, day,
  count(*)::int AS enrolled,
  count(started_at)::int AS started,
  count(half_at)::int AS half_done,
  count(completed_at)::int AS completed,
  count(certificate_at)::int AS certificate
FROM analytics_enrolment_steps
GROUP BY course_id, day;
--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_funnel_key" ON "analytics_funnel" (course_id, day);
--> statement-breakpoint
CREATE INDEX "analytics_funnel_day_idx" ON "analytics_funnel" (day);
--> statement-breakpoint

-- How many whole days each step took after the one before, as a histogram per course and day of
-- enrolment, so a median over any period is read from the summed histogram.
CREATE MATERIALIZED VIEW "analytics_step_days" AS
WITH gaps AS (
  SELECT course_id, day, 'started' AS step, started_at - enrolled_at AS gap FROM analytics_enrolment_steps WHERE started_at IS NOT NULL
  UNION ALL
  SELECT course_id, day, 'halfDone', half_at - started_at FROM analytics_enrolment_steps WHERE half_at IS NOT NULL
  UNION ALL
  SELECT course_id, day, 'completed', completed_at - half_at FROM analytics_enrolment_steps WHERE completed_at IS NOT NULL
  UNION ALL
  SELECT course_id, day, 'certificate', certificate_at - completed_at FROM analytics_enrolment_steps WHERE certificate_at IS NOT NULL
)
SELECT course_id, day, step, greatest(0, floor(extract(epoch FROM gap) / 86400))::int AS days, count(*)::int AS learners
FROM gaps
GROUP BY course_id, day, step, 4;
--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_step_days_key" ON "analytics_step_days" (course_id, day, step, days);
--> statement-breakpoint
CREATE INDEX "analytics_step_days_day_idx" ON "analytics_step_days" (day);
--> statement-breakpoint

-- Where learners stop: of the enrolments not completed, how many finished each item last.
CREATE MATERIALIZED VIEW "analytics_stops" AS
SELECT course_id, day, stopped_after::uuid AS item_id, count(*)::int AS learners
FROM analytics_enrolment_steps
WHERE stopped_after IS NOT NULL
GROUP BY course_id, day, stopped_after;
--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_stops_key" ON "analytics_stops" (course_id, day, item_id);
--> statement-breakpoint

-- Ratings per course and the day they were last given or changed.
CREATE MATERIALIZED VIEW "analytics_ratings" AS
SELECT course_id, (updated_at AT TIME ZONE 'Asia/Kolkata')::date AS day, count(*)::int AS ratings, sum(rating)::int AS total
FROM course_ratings
GROUP BY course_id, 2;
--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_ratings_key" ON "analytics_ratings" (course_id, day);
--> statement-breakpoint

-- Quiz attempts per quiz and day: every attempt, and the learners whose first attempt it was.
CREATE MATERIALIZED VIEW "analytics_quiz_attempts" AS
WITH numbered AS (
  SELECT quiz_id, (created_at AT TIME ZONE 'Asia/Kolkata')::date AS day,
    row_number() OVER (PARTITION BY user_id, quiz_id ORDER BY created_at, id) AS n
  FROM quiz_attempts a
  WHERE NOT EXISTS (SELECT 1 FROM staff_members s WHERE s.user_id = a.user_id)
)
SELECT quiz_id, day, count(*)::int AS attempts, count(*) FILTER (WHERE n = 1)::int AS learners
FROM numbered
GROUP BY quiz_id, day;
--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_quiz_attempts_key" ON "analytics_quiz_attempts" (quiz_id, day);
--> statement-breakpoint

-- Learners by the attempts they needed to pass a quiz (4 meaning four or more), on the day they passed.
CREATE MATERIALIZED VIEW "analytics_attempts_to_pass" AS
WITH numbered AS (
  SELECT quiz_id, passed, created_at,
    row_number() OVER (PARTITION BY user_id, quiz_id ORDER BY created_at, id) AS n,
    row_number() OVER (PARTITION BY user_id, quiz_id, passed ORDER BY created_at, id) AS nth_of_kind
  FROM quiz_attempts a
  WHERE NOT EXISTS (SELECT 1 FROM staff_members s WHERE s.user_id = a.user_id)
)
SELECT quiz_id, (created_at AT TIME ZONE 'Asia/Kolkata')::date AS day, least(n, 4)::int AS attempts, count(*)::int AS learners
FROM numbered
WHERE passed AND nth_of_kind = 1
GROUP BY quiz_id, 2, 3;
--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_attempts_to_pass_key" ON "analytics_attempts_to_pass" (quiz_id, day, attempts);
--> statement-breakpoint

-- Each learner's first attempt at a quiz, per question: how many answered it, how many answered it
-- right, and (option_id set) how many chose each option. A question-level row has a null option,
-- recorded as the nil uuid so the unique index covers it.
CREATE MATERIALIZED VIEW "analytics_answers" AS
WITH firsts AS (
  SELECT DISTINCT ON (user_id, quiz_id) id, quiz_id, answers, (created_at AT TIME ZONE 'Asia/Kolkata')::date AS day
  FROM quiz_attempts a
  WHERE NOT EXISTS (SELECT 1 FROM staff_members s WHERE s.user_id = a.user_id)
  ORDER BY user_id, quiz_id, created_at, id
),
answered AS (
  SELECT f.id AS attempt_id, f.quiz_id, f.day, (a.value ->> 'questionId')::uuid AS question_id, a.value -> 'selectedOptions' AS selected
  FROM firsts f
  CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(f.answers) = 'array' THEN f.answers ELSE '[]'::jsonb END) a
),
chosen AS (
  SELECT a.attempt_id, a.quiz_id, a.day, a.question_id, (o.value #>> '{}')::uuid AS option_id
  FROM answered a
  CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(a.selected) = 'array' THEN a.selected ELSE '[]'::jsonb END) o
),
right_options AS (
  SELECT question_id, count(*) FILTER (WHERE is_correct) AS n FROM options GROUP BY question_id
),
chosen_judged AS (
  SELECT c.attempt_id, c.question_id, count(*) AS chosen, count(*) FILTER (WHERE r.is_correct) AS right_chosen
  FROM chosen c JOIN options r ON r.id = c.option_id AND r.question_id = c.question_id
  GROUP BY c.attempt_id, c.question_id
),
judged AS (
  SELECT a.quiz_id, a.day, a.question_id, coalesce(cj.chosen, 0) AS chosen_count, coalesce(cj.right_chosen, 0) AS right_chosen, coalesce(ro.n, 0) AS right_options
  FROM answered a
  JOIN questions q ON q.id = a.question_id AND q.quiz_id = a.quiz_id
  LEFT JOIN chosen_judged cj ON cj.attempt_id = a.attempt_id AND cj.question_id = a.question_id
  LEFT JOIN right_options ro ON ro.question_id = a.question_id
)
SELECT quiz_id, day, question_id, '00000000-0000-0000-0000-000000000000'::uuid AS option_id,
  count(*) FILTER (WHERE chosen_count > 0)::int AS learners,
  count(*) FILTER (WHERE chosen_count > 0 AND right_options > 0 AND right_chosen = right_options AND chosen_count = right_options)::int AS answered_right
FROM judged
GROUP BY quiz_id, day, question_id
UNION ALL
SELECT c.quiz_id, c.day, c.question_id, c.option_id, count(*)::int, 0
FROM chosen c
JOIN options r ON r.id = c.option_id AND r.question_id = c.question_id
GROUP BY c.quiz_id, c.day, c.question_id, c.option_id;
--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_answers_key" ON "analytics_answers" (quiz_id, day, question_id, option_id);
--> statement-breakpoint

-- Certificates issued per day and language, and journal entries written per day and course (a
-- count, never their text).
CREATE MATERIALIZED VIEW "analytics_certificates" AS
SELECT lang, (created_at AT TIME ZONE 'Asia/Kolkata')::date AS day, count(*)::int AS issued
FROM certificates
GROUP BY lang, 2;
--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_certificates_key" ON "analytics_certificates" (lang, day);
--> statement-breakpoint
CREATE MATERIALIZED VIEW "analytics_journal" AS
SELECT course_id, (created_at AT TIME ZONE 'Asia/Kolkata')::date AS day, count(*)::int AS entries
FROM journal_entries
GROUP BY course_id, 2;
--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_journal_key" ON "analytics_journal" (course_id, day);
