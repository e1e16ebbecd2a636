// Every table as the one object Drizzle is given, so its relational queries (`db.query.<table>`)
// know them all. Each table is defined, and owned, in the file of its module under schema/.
import * as analytics from './schema/analytics';
import * as audit from './schema/audit';
import * as auth from './schema/auth';
import * as authoring from './schema/authoring';
import * as banners from './schema/banners';
import * as blogs from './schema/blogs';
import * as certificates from './schema/certificates';
import * as courses from './schema/courses';
import * as events from './schema/events';
import * as gallery from './schema/gallery';
import * as journal from './schema/journal';
import * as mediaLibrary from './schema/media-library';
import * as outbox from './schema/outbox';
import * as progress from './schema/progress';
import * as ratings from './schema/ratings';
import * as readAloud from './schema/read-aloud';
import * as staff from './schema/staff';
import * as successStories from './schema/success-stories';
import * as users from './schema/users';

export const schema = {
  ...users,
  ...auth,
  ...courses,
  ...progress,
  ...journal,
  ...outbox,
  ...ratings,
  ...certificates,
  ...blogs,
  ...successStories,
  ...gallery,
  ...banners,
  ...staff,
  ...audit,
  ...analytics,
  ...mediaLibrary,
  ...authoring,
  ...readAloud,
  ...events,
};
