// The ratings module's table: a learner's rating of a course (the totals are kept on courses,
// through the courses module's service).
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../columns';
import { courses } from './courses';
import { users } from './users';

export const courseRatings = pgTable(
  'course_ratings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.courseId] }),
    index('course_ratings_course_idx').on(t.courseId),
    check('course_ratings_range', sql`${t.rating} between 1 and 5`),
  ],
);
