// The API answers in English (its messages are the specification's catalogue). A learner reads
// them in their own language: known messages map to keys of the 'messages' namespace, messages
// with a number in them are matched by pattern, anything else is shown as the server wrote it.
import { i18n } from './i18n';

const KNOWN: Record<string, string> = {
  'Enter a valid phone number': 'invalidMobile',
  'Enter the 6-digit one-time password': 'codeShape',
  'One-time password sent to your phone': 'sentRegistered',
  'This number is not registered yet. Enter your name to register with the one-time password we sent.': 'sentNew',
  'A new one-time password has been sent to your phone': 'resent',
  'Please request a one-time password first': 'noCode',
  'This one-time password has expired. Please request a new one.': 'expired',
  'This one-time password has already been used. Please request a new one.': 'used',
  'Too many wrong tries. Please request a new one-time password.': 'tooManyTries',
  'This number is not registered. Please register first.': 'notRegistered',
  'This number is already registered. Please log in.': 'alreadyRegistered',
  'Login successful': 'loggedIn',
  'Registration successful': 'registered',
  'You have been signed out': 'loggedOut',
  'Please enter your name': 'nameRequired',
  'Enter a valid email address': 'invalidEmail',
  'Successfully Enrolled for this course': 'enrolled',
  'Lesson marked as complete': 'lessonCompleted',
  'Video marked as watched': 'videoCompleted',
  'You are not enrolled in this course': 'notEnrolled',
  'Course not found': 'courseNotFound',
  'Chapter not found': 'chapterNotFound',
  'Lesson not found': 'lessonNotFound',
  'Video not found': 'videoNotFound',
  'Quiz not found': 'quizNotFound',
  'Your account is not active': 'inactive',
  'A parent or guardian must agree before a learner under 18 can start learning': 'consentRequired',
  'Please enter the name of your parent or guardian': 'guardianNameRequired',
  'Please choose how the parent or guardian is related to you': 'relationshipRequired',
  'Your parent or guardian must agree before you can continue': 'agreeRequired',
  'You have not completed all the courses to get the certificate.': 'certificateNotEarned',
  'No certificate has this number.': 'certificateUnknown',
  'Your account and all its data have been deleted': 'accountDeleted',
  'Network error: please check your connection and try again.': 'network',
};

const PATTERNS: Array<[RegExp, string, (m: RegExpExecArray) => Record<string, unknown>]> = [
  [/^Incorrect one-time password\. (\d+) tr(?:y|ies) left\.$/, 'wrongCode', (m) => ({ count: Number(m[1]) })],
  [/^Please wait (\d+) seconds before asking for a new one-time password\.$/, 'wait', (m) => ({ count: Number(m[1]) })],
  [/^Too many one-time passwords were requested for this number\./, 'numberLimit', () => ({})],
  [/^Too many one-time passwords were requested from your network\./, 'addressLimit', () => ({})],
];

/** The server's message in the learner's language (the 'messages' namespace must be loaded). */
export function localMessage(message: string): string {
  const key = KNOWN[message];
  if (key) return i18n.t(key, { ns: 'messages' });
  for (const [pattern, patternKey, values] of PATTERNS) {
    const match = pattern.exec(message);
    if (match) return i18n.t(patternKey, { ns: 'messages', ...values(match) });
  }
  return message;
}
