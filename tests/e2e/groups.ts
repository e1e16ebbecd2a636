// The browser journeys' groups: each runs against a server of its own, side by side with the others
// (tests/e2e/run.ts), one file at a time within it. A group's server is changed only by its own
// journeys, so what staff publish cannot change what a public journey counts. The two staff groups
// split the console's journeys about evenly in time: writing and translating content, and running
// the site (accounts, analytics, events, voices). A new journey joins the public group unless it is
// listed as a learner journey or named `staff-*` (then the operations group, unless listed under
// authoring).
const file = (name: string) => `tests/e2e/${name}.e2e.ts`;

export const STAFF_AUTHORING = 'staff-authoring';
export const STAFF_OPERATIONS = 'staff-operations';

const AUTHORING_FILES = [
  'staff-course-editor',
  'staff-editor-work',
  'staff-kind-editors',
  'staff-items',
  'staff-media',
  'staff-preview',
  'staff-whole-story',
].map(file);
const STAFF_FILES = ['tests/e2e/staff-*.e2e.ts'];
const LEARNER_FILES = [
  'sign-in',
  'learner-*',
  'guardian-consent',
  'quiz-feedback',
  'course-languages',
  'script-fonts',
  'server-lifecycle',
].map(file);

export const GROUPS: { name: string; include: string[]; exclude: string[] }[] = [
  { name: STAFF_AUTHORING, include: AUTHORING_FILES, exclude: [] },
  { name: STAFF_OPERATIONS, include: STAFF_FILES, exclude: AUTHORING_FILES },
  { name: 'learner', include: LEARNER_FILES, exclude: [] },
  { name: 'public', include: ['tests/e2e/**/*.e2e.ts'], exclude: [...STAFF_FILES, ...LEARNER_FILES] },
];
