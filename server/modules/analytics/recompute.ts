// The analytics tables recomputed from a day on (ADR 27, migration 0014): registrations, activity
// and first-attempt answers. Each statement deletes the rows of the periods that start on or after
// `since` and writes them again from the learners' tables, so a refresh of the last days reads only
// the last days' events; `since` far in the past recomputes everything. Counts only, as the views of
// migration 0012: no user id, name, number or journal text is written. Staff accounts are not
// counted as learners.
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Day } from './periods';

/** India's calendar day of a timestamp column (contract STAFF_TIME_ZONE). */
const dayOf = (column: SQL) => sql`(${column} at time zone 'Asia/Kolkata')::date`;
/** The first instant of India's day `since`, to compare timestamps with. */
const startOf = (since: Day) => sql`(${since}::date::timestamp at time zone 'Asia/Kolkata')`;
const notStaff = (userId: SQL) => sql`not exists (select 1 from staff_members s where s.user_id = ${userId})`;

/** Learners registered on each day from `since`, by each dimension, in each scope a filter picks. */
function registrations(since: Day): SQL[] {
  return [
    sql`delete from analytics_registrations where day >= ${since}::date`,
    sql`insert into analytics_registrations (scope, dimension, key, day, learners)
      with learner as (
        select u.id, ${dayOf(sql`u.created_at`)} as day,
          coalesce(u.interface_lang, 'unknown') as interface_language,
          coalesce((select c.lang from enrolments e join courses c on c.id = e.course_id
            where e.user_id = u.id order by e.created_at, e.id limit 1), 'unknown') as course_language,
          coalesce(u.gender, 'unknown') as gender,
          case when u.age is null then 'unknown' when u.age < 18 then 'under18' when u.age <= 24 then '18-24'
            when u.age <= 34 then '25-34' when u.age <= 49 then '35-49' else '50plus' end as age_band,
          coalesce(u.qualification, 'unknown') as qualification,
          case when u.minor_until is null or u.minor_until <= now() then 'adult'
            when u.guardian_consent_method is not null then 'minorWithConsent' else 'minorWithoutConsent' end as consent
        from users u
        where u.role = 'user' and u.created_at >= ${startOf(since)} and ${notStaff(sql`u.id`)}
      ),
      scoped as (
        select l.*, 'all' as scope from learner l
        union all
        select l.*, 'lang:' || langs.lang from learner l
          join (select distinct e.user_id, c.lang from enrolments e join courses c on c.id = e.course_id
                where e.user_id in (select id from learner)) langs on langs.user_id = l.id
        union all
        select l.*, 'course:' || e.course_id from learner l join enrolments e on e.user_id = l.id
      )
      select s.scope, d.dimension, d.key, s.day, count(*)::int
      from scoped s
      cross join lateral (values
        ('total', 'total'), ('interfaceLanguage', s.interface_language), ('courseLanguage', s.course_language),
        ('gender', s.gender), ('ageBand', s.age_band), ('qualification', s.qualification), ('consent', s.consent)
      ) as d(dimension, key)
      group by s.scope, d.dimension, d.key, s.day`,
  ];
}

/**
 * Learners active in each day, week (from Monday) and month that starts on or after `since`, per
 * scope. `since` must be the first day of every period it cuts (the refresh passes the start of a
 * month or week), so each recomputed period is whole.
 */
function activity(since: Day): SQL[] {
  return [
    sql`delete from analytics_activity where period >= ${since}::date`,
    sql`insert into analytics_activity (scope, grain, period, learners)
      with events as (
        select user_id, course_id, ${dayOf(sql`created_at`)} as day from enrolments where created_at >= ${startOf(since)}
        union
        select user_id, course_id, ${dayOf(sql`created_at`)} from completions where created_at >= ${startOf(since)}
        union
        select user_id, course_id, ${dayOf(sql`created_at`)} from quiz_attempts where created_at >= ${startOf(since)}
      ),
      periods as (
        select distinct e.user_id, e.course_id, g.grain, g.period
        from events e
        cross join lateral (values
          ('day', e.day), ('week', date_trunc('week', e.day::timestamp)::date), ('month', date_trunc('month', e.day::timestamp)::date)
        ) as g(grain, period)
        where ${notStaff(sql`e.user_id`)}
      )
      select 'all', grain, period, count(distinct user_id)::int from periods where period >= ${since}::date group by grain, period
      union all
      select 'lang:' || c.lang, p.grain, p.period, count(distinct p.user_id)::int from periods p join courses c on c.id = p.course_id
        where p.period >= ${since}::date group by c.lang, p.grain, p.period
      union all
      select 'course:' || p.course_id, p.grain, p.period, count(*)::int from periods p where p.period >= ${since}::date group by p.course_id, p.grain, p.period`,
  ];
}

/**
 * Each learner's first attempt at a quiz, per question, for first attempts made on or after
 * `since`: how many answered it, how many right, and (option set) how many chose each option. A
 * question's own row has the nil uuid as its option.
 */
function answers(since: Day): SQL[] {
  return [
    sql`delete from analytics_answers where day >= ${since}::date`,
    sql`insert into analytics_answers (quiz_id, day, question_id, option_id, learners, answered_right)
      with recent as (
        select distinct user_id, quiz_id from quiz_attempts where created_at >= ${startOf(since)}
      ),
      firsts as (
        select * from (
          select distinct on (a.user_id, a.quiz_id) a.id, a.quiz_id, a.answers, a.created_at
          from quiz_attempts a join recent r on r.user_id = a.user_id and r.quiz_id = a.quiz_id
          where ${notStaff(sql`a.user_id`)}
          order by a.user_id, a.quiz_id, a.created_at, a.id
        ) f where f.created_at >= ${startOf(since)}
      ),
      answered as (
        select f.id as attempt_id, f.quiz_id, ${dayOf(sql`f.created_at`)} as day, (a.value ->> 'questionId')::uuid as question_id,
          case when jsonb_typeof(a.value -> 'selectedOptions') = 'array' then a.value -> 'selectedOptions' else '[]'::jsonb end as selected
        from firsts f
        cross join lateral jsonb_array_elements(case when jsonb_typeof(f.answers) = 'array' then f.answers else '[]'::jsonb end) a
      ),
      judged as (
        select a.quiz_id, a.day, a.question_id, j.chosen, j.right_chosen,
          (select count(*) from options r where r.question_id = a.question_id and r.is_correct) as right_options
        from answered a
        join questions q on q.id = a.question_id and q.quiz_id = a.quiz_id
        cross join lateral (
          select count(*) as chosen, count(*) filter (where r.is_correct) as right_chosen
          from jsonb_array_elements_text(a.selected) o(option_id) join options r on r.id = o.option_id::uuid and r.question_id = a.question_id
        ) j
      ),
      chosen as (
        select a.quiz_id, a.day, a.question_id, o.option_id::uuid as option_id
        from answered a cross join lateral jsonb_array_elements_text(a.selected) o(option_id)
      )
      select quiz_id, day, question_id, '00000000-0000-0000-0000-000000000000'::uuid,
        count(*) filter (where chosen > 0)::int,
        count(*) filter (where chosen > 0 and right_options > 0 and right_chosen = right_options and chosen = right_options)::int
      from judged group by quiz_id, day, question_id
      union all
      select c.quiz_id, c.day, c.question_id, c.option_id, count(*)::int, 0
      from chosen c join options r on r.id = c.option_id and r.question_id = c.question_id
      group by c.quiz_id, c.day, c.question_id, c.option_id`,
  ];
}

/** Every statement that recomputes the analytics tables from `since`, in order. */
export function recomputeFrom(since: Day): SQL[] {
  return [...registrations(since), ...activity(since), ...answers(since)];
}

/** Runs them in the caller's transaction. */
export async function recompute(tx: DbOrTx, since: Day): Promise<void> {
  for (const statement of recomputeFrom(since)) await tx.execute(statement);
}
