// Each enrolment's steps (enrolled, started, half done, completed, certificate; the last item done
// when it stopped) and the three tables computed from them: the funnel, the days between steps and
// where learners stop, per course and day of enrolment (ADR 27, migration 0015).
//
// An old enrolment moves on whenever its learner learns, so the steps cannot be cut by period like
// the other tables (recompute.ts). They are kept per enrolment instead: a frequent refresh finds the
// enrolments with an event since the last refresh began, recomputes their rows, and recomputes the
// groups (course, day of enrolment) those rows count in; everything else stays. The steps row of an
// enrolment goes with it (a foreign key), so an erased learner's is gone at once; the groups they
// counted in are recomputed with everything once a day. The dashboard reads only the three group
// tables, which hold counts and no user id. Staff accounts are not counted as learners.
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/** A temporary table of the enrolments (user_id, course_id) recomputed by a frequent refresh. */
const MOVED = sql.identifier('analytics_moved');
/** A temporary table of the groups (course_id, day) those enrolments count in. */
const GROUPS = sql.identifier('analytics_moved_groups');

/**
 * The steps of the enrolments `only` keeps (all when it is undefined). A learner's progress counts
 * lessons finished, videos watched and quizzes passed (the first pass); half done is when half the
 * course's items were done, in the order they were done.
 */
function stepsOf(only: SQL | undefined): SQL {
  const scope = (alias: string) =>
    only ? sql`and (${sql.raw(alias)}.user_id, ${sql.raw(alias)}.course_id) in (${only})` : sql``;
  return sql`
    with items as (
      select course_id, count(*) as n from (
        select course_id from lessons union all select course_id from course_videos union all select course_id from quizzes
      ) i group by course_id
    ),
    done as (
      select c.user_id, c.course_id, c.created_at, coalesce(c.lesson_id, c.video_id) as item_id from completions c where true ${scope('c')}
      union all
      (select distinct on (a.user_id, a.quiz_id) a.user_id, a.course_id, a.created_at, a.quiz_id from quiz_attempts a
        where a.passed ${scope('a')} order by a.user_id, a.quiz_id, a.created_at, a.id)
    ),
    ranked as (
      select d.user_id, d.course_id, d.created_at, d.item_id,
        row_number() over (partition by d.user_id, d.course_id order by d.created_at, d.item_id) as rn,
        count(*) over (partition by d.user_id, d.course_id) as done
      from done d
    ),
    progress as (
      select r.user_id, r.course_id,
        min(r.created_at) as started_at,
        min(r.created_at) filter (where r.rn >= ceil(i.n / 2.0)) as half_at,
        min(r.item_id::text) filter (where r.rn = r.done) as last_item
      from ranked r join items i on i.course_id = r.course_id
      group by r.user_id, r.course_id
    )
    select e.user_id, e.course_id,
      (e.created_at at time zone 'Asia/Kolkata')::date,
      e.created_at,
      -- Each step counts only if the ones before it do, so the funnel never widens.
      coalesce(p.started_at, e.completed_at),
      coalesce(p.half_at, e.completed_at),
      e.completed_at,
      case when e.completed_at is not null then cert.created_at end,
      case when e.completed_at is null then p.last_item::uuid end
    from enrolments e
    join courses co on co.id = e.course_id
    left join progress p on p.user_id = e.user_id and p.course_id = e.course_id
    left join certificates cert on cert.user_id = e.user_id and cert.lang = co.lang
    where not exists (select 1 from staff_members s where s.user_id = e.user_id) ${scope('e')}`;
}

const STEP_COLUMNS = sql`(user_id, course_id, day, enrolled_at, started_at, half_at, completed_at, certificate_at, stopped_after)`;

/** The statements that write the funnel, the days between steps and the stops of the groups `groups` keeps (all when undefined). */
function groupTables(groups: SQL | undefined): SQL[] {
  const where = (alias: string) =>
    groups ? sql`where (${sql.raw(alias)}.course_id, ${sql.raw(alias)}.day) in (${groups})` : sql``;
  const and = (alias: string) =>
    groups ? sql`and (${sql.raw(alias)}.course_id, ${sql.raw(alias)}.day) in (${groups})` : sql``;
  return [
    sql`delete from analytics_funnel t ${where('t')}`,
    sql`insert into analytics_funnel (course_id, day, enrolled, started, half_done, completed, certificate)
      select s.course_id, s.day, count(*)::int, count(s.started_at)::int, count(s.half_at)::int, count(s.completed_at)::int, count(s.certificate_at)::int
      from analytics_enrolment_steps s ${where('s')}
      group by s.course_id, s.day`,
    sql`delete from analytics_step_days t ${where('t')}`,
    // How many whole days each step took after the one before, as a histogram per group, so a
    // median over any period is read from the summed histogram.
    sql`insert into analytics_step_days (course_id, day, step, days, learners)
      select s.course_id, s.day, g.step, greatest(0, floor(extract(epoch from g.gap) / 86400))::int, count(*)::int
      from analytics_enrolment_steps s
      cross join lateral (values
        ('started', s.started_at - s.enrolled_at), ('halfDone', s.half_at - s.started_at),
        ('completed', s.completed_at - s.half_at), ('certificate', s.certificate_at - s.completed_at)
      ) as g(step, gap)
      where g.gap is not null ${and('s')}
      group by s.course_id, s.day, g.step, 4`,
    sql`delete from analytics_stops t ${where('t')}`,
    sql`insert into analytics_stops (course_id, day, item_id, learners)
      select s.course_id, s.day, s.stopped_after, count(*)::int
      from analytics_enrolment_steps s
      where s.stopped_after is not null ${and('s')}
      group by s.course_id, s.day, s.stopped_after`,
  ];
}

/** Every statement that recomputes all the steps and their group tables. */
export function recomputeAllSteps(): SQL[] {
  return [
    sql`delete from analytics_enrolment_steps`,
    sql`insert into analytics_enrolment_steps ${STEP_COLUMNS} ${stepsOf(undefined)}`,
    ...groupTables(undefined),
  ];
}

/**
 * Every statement that recomputes the enrolments with an event at or after `since` (an enrolment,
 * a completion, a quiz attempt, a certificate), and the groups they count in. `since` must be
 * earlier than anything the last refresh may not have seen.
 */
export function recomputeMovedSteps(since: Date): SQL[] {
  const at = since.toISOString();
  return [
    sql`create temporary table ${MOVED} on commit drop as
      select user_id, course_id from enrolments where created_at >= ${at}::timestamptz or completed_at >= ${at}::timestamptz
      union select user_id, course_id from completions where created_at >= ${at}::timestamptz
      union select user_id, course_id from quiz_attempts where created_at >= ${at}::timestamptz
      union select e.user_id, e.course_id from certificates c
        join enrolments e on e.user_id = c.user_id
        join courses co on co.id = e.course_id and co.lang = c.lang
        where c.created_at >= ${at}::timestamptz`,
    sql`create temporary table ${GROUPS} on commit drop as
      select distinct e.course_id, (e.created_at at time zone 'Asia/Kolkata')::date as day
      from enrolments e join ${MOVED} m on m.user_id = e.user_id and m.course_id = e.course_id`,
    // The planner's row counts for the two (a few thousand rows, not the default guess).
    sql`analyze ${MOVED}`,
    sql`analyze ${GROUPS}`,
    sql`delete from analytics_enrolment_steps s using ${MOVED} m where s.user_id = m.user_id and s.course_id = m.course_id`,
    sql`insert into analytics_enrolment_steps ${STEP_COLUMNS} ${stepsOf(sql`select user_id, course_id from ${MOVED}`)}`,
    ...groupTables(sql`select course_id, day from ${GROUPS}`),
  ];
}

/** Runs them in the caller's transaction: everything, or the enrolments moved since `since`. */
export async function recomputeSteps(tx: DbOrTx, since: Date | undefined): Promise<void> {
  for (const statement of since ? recomputeMovedSteps(since) : recomputeAllSteps()) await tx.execute(statement);
}
