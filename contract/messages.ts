// Every message the API sends, by code, with its English text: the server answers
// {code, message, params?} with `message` built from here (a validation error and a refused upload
// say more precisely in English what is wrong), and the web shows the code's translation
// (web/i18n/locales/<lang>/messages.json; English is this file). A number that is part of a message
// is a {{placeholder}} filled from `params`. A code whose text depends on a count has the forms
// `<code>_one` and `<code>_other`, as the web's translator picks plural forms.
// Plain values that import nothing, so the web can import them at no cost.

export const MESSAGES = {
  // Sign-in (the texts of the specification's section 5 are kept word for word).
  invalidMobile: 'Enter a valid phone number',
  notAMobile: 'This is not a mobile number: Indian mobile numbers start with 6, 7, 8 or 9.',
  codeShape: 'Enter the {{length}}-digit one-time password',
  sentRegistered: 'One-time password sent to your phone',
  sentNew: 'This number is not registered yet. Enter your name to register with the one-time password we sent.',
  resent: 'A new one-time password has been sent to your phone',
  noCode: 'Please request a one-time password first',
  expired: 'This one-time password has expired. Please request a new one.',
  used: 'This one-time password has already been used. Please request a new one.',
  wrongCode: 'Incorrect one-time password. Tries left: {{count}}.',
  tooManyTries: 'Too many wrong tries. Please request a new one-time password.',
  notRegistered: 'This number is not registered. Please register first.',
  alreadyRegistered: 'This number is already registered. Please log in.',
  wait: 'Please wait {{count}} seconds before asking for a new one-time password.',
  numberLimit_one: 'Too many one-time passwords were requested for this number. Please try again in {{count}} minute.',
  numberLimit_other:
    'Too many one-time passwords were requested for this number. Please try again in {{count}} minutes.',
  addressLimit_one:
    'Too many one-time passwords were requested from your network. Please try again in {{count}} minute.',
  addressLimit_other:
    'Too many one-time passwords were requested from your network. Please try again in {{count}} minutes.',
  smsUnavailable: 'We could not send the one-time password right now. Please try again in a few minutes.',
  loggedIn: 'Login successful',
  registered: 'Registration successful',
  loggedOut: 'You have been signed out',

  // The fields a learner types, at registration and in the profile.
  nameRequired: 'Please enter your name',
  nameTooLong: 'Your name can have at most {{max}} characters',
  // A name is what people are called, in letters the certificate can print (contract/person-name.ts).
  nameCharacters: 'A name can have only letters, spaces, dots, hyphens and apostrophes.',
  nameScript:
    'This name has letters the certificate cannot print. Write it in English letters or in the script of one of the site’s Indian languages.',
  nameMarks: 'This name has a vowel sign or accent that is not on a letter, or too many on one letter.',
  invalidEmail: 'Enter a valid email address',
  // The profile's optional district (contract/person-name.ts), shown on an event's leaderboard.
  districtTooLong: 'A district can have at most {{max}} characters',
  districtCharacters: 'A district can have only letters, digits, spaces, dots, hyphens, apostrophes and brackets.',

  // Access and the learner's account.
  signInRequired: 'Please sign in to continue',
  inactive: 'Your account is not active',
  consentRequired: 'A parent or guardian must agree before a learner under {{age}} can start learning',
  consentNotNeeded:
    'A guardian’s consent is needed only for a learner under {{age}}. Please set your age in your profile first.',
  guardianNameRequired: 'Please enter the name of your parent or guardian',
  relationshipRequired: 'Please choose how the parent or guardian is related to you',
  agreeRequired: 'Your parent or guardian must agree before you can continue',
  guardianMobileOwn: 'Enter your parent’s or guardian’s own mobile number, not yours',
  consentCodeSent: 'A one-time password has been sent to your parent’s or guardian’s phone. Please ask them for it.',
  accountDeleted: 'Your account and all its data have been deleted',

  // Courses and learning.
  languageNotOffered: 'This language is not offered',
  courseNotFound: 'Course not found',
  courseNotInLanguage: 'This course is not available in that language yet',
  chapterNotFound: 'Chapter not found',
  lessonNotFound: 'Lesson not found',
  videoNotFound: 'Video not found',
  quizNotFound: 'Quiz not found',
  notEnrolled: 'You are not enrolled in this course',
  enrolled: 'Successfully Enrolled for this course',
  lessonCompleted: 'Lesson marked as complete',
  videoCompleted: 'Video marked as watched',
  answerUnknownQuestion: 'An answer names a question that is not part of this quiz',
  answerRepeated: 'Each question may be answered only once',
  answerUnknownOption: 'An answer names an option that does not belong to its question',
  journalSaved: 'Your journal is saved',
  // The outbox: changes made without a network, sent when it returns (contract/outbox.ts).
  eventInvalid: 'This change from your phone could not be read, so it was not saved.',
  journalChangedElsewhere:
    'Your journal was changed on another device, so what you wrote on this phone was not saved over it.',
  ratingSaved: 'Thank you for rating this course',

  // The event quiz (ADR 40).
  eventNotFound: 'This event does not exist.',
  eventNotOpen:
    'Entries are not open now: the event takes entries only on its days, between its opening and closing times (India Standard Time).',
  eventAlreadyEntered:
    'You have already entered this event (entry number {{number}}). Each person may enter only once.',
  eventEntryWithdrawn: 'You withdrew your entry number {{number}} from this event, so you cannot enter it again.',
  eventMinorsNotAllowed: 'Only entrants aged {{age}} or over may enter this event.',
  eventNoEntry: 'You have not entered this event.',
  eventEntryNotOpen: 'Your entry is not open for answers.',
  eventEntryClosed: 'The time for your entry is over. Only answers received by the deadline count.',
  eventSingleAnswer: 'Choose exactly one option for this question.',
  eventConsentNotNeeded: 'Your entry does not wait for a guardian’s consent.',
  eventEntryErased: 'Your entry and its answers have been erased.',
  eventResultsNotPublished: 'The results of this event are not published yet.',

  // Certificates.
  certificateNotEarned: 'You have not completed all the courses to get the certificate.',
  certificateUnknown: 'No certificate has this number.',
  certificateMalformed: 'A certificate number looks like JGK-2026-7KQ4MX2P.',

  // Public content.
  blogNotFound: 'This blog post does not exist or is no longer published',
  storyNotFound: 'This success story does not exist or is no longer published',
  galleryNotFound: 'This gallery does not exist',

  // The staff side.
  staffOnly: 'This is for the programme’s staff only.',
  roleNotAllowed: 'Your staff role does not allow this.',
  languageNotAssigned: 'You can work only in the languages assigned to you.',
  staffSessionEnded: 'Your staff session has ended. Please sign in again.',
  secondFactorRequired: 'Confirm your sign-in with the code from your authenticator app first.',
  secondFactorAlreadySet: 'An authenticator app is already set up for your account. An admin can reset it.',
  secondFactorSetupFirst: 'Set up your authenticator app first.',
  secondFactorCodeShape: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  secondFactorWrongCode: 'Incorrect code. Tries left: {{count}}.',
  secondFactorCodeUsed: 'This code has already been used. Wait for the next code in your authenticator app.',
  recoveryCodeUsed: 'This recovery code has already been used.',
  secondFactorLocked_one: 'Too many incorrect codes. Please try again in {{count}} minute.',
  secondFactorLocked_other: 'Too many incorrect codes. Please try again in {{count}} minutes.',
  secondFactorUnreadable: 'Your authenticator app can no longer be checked. Ask an admin to reset it.',

  // Staff accounts, managed by admins.
  staffMemberNotFound: 'No staff member has this id.',
  staffMemberExists: 'This person is already on the staff. Change their roles instead.',
  staffNameNeeded: 'No account has this number yet. Enter the person’s name to create one.',
  staffRoleNeeded: 'A staff member keeps at least one role. To take every role away, deactivate them.',
  translatorLanguagesNeeded: 'A translator needs at least one language.',
  languagesForTranslatorsOnly: 'Languages are given to translators only: the other roles work in every language.',
  lastAdmin: 'This is the last active admin. Make someone else an admin first.',
  secondFactorNotSet: 'This person has no authenticator app set up.',

  // Authoring content. For contentInvalid and publishIncomplete, `details` lists each field (in English).
  contentNotFound: 'This content does not exist.',
  contentLanguageMissing: 'This content has nothing in this language yet.',
  versionNotFound: 'This version does not exist.',
  staleVersion:
    'Someone saved a newer version while you were editing. Nothing was overwritten: compare your changes with the current version and save again.',
  slugTaken: 'Another item of this kind already uses this slug.',
  contentInvalid: 'Some fields are not valid.',
  publishIncomplete: 'This cannot be published yet: some fields are empty or not valid.',
  translatorTextOnly:
    'Translators can change only the text; the structure, files and settings stay as an editor set them.',
  translationNeedsSource: 'The source language must be written before a translation.',
  contentDeleted: 'This content is deleted. Restore it first.',
  scheduleInvalid: 'The publishing time must be in the future and at most a year away.',
  analyticsPeriodInvalid:
    'The period must be whole weeks that have ended, from a Monday to a Sunday (India’s time), at most {{max}} weeks.',

  // The staff's events (ADR 40).
  eventKeyTaken: 'Another event already uses this key.',
  eventSettingsInvalid: 'Some of the event’s settings are not valid.',
  eventLocked: 'The event has opened: its days, hours, rules and question pool can no longer be changed.',
  eventNotReady:
    'The event cannot be scheduled yet: it needs its name and terms in English, and at least as many questions in its pool as each entry gets.',
  eventNotClosed: 'Results can be published only after the event has closed.',
  eventQuestionNotFound: 'This question is not in the event’s pool.',
  eventEntryNotFound: 'No entry of this event has this number.',
  eventResultsFinal: 'The review period is over: the results are final and no entry can be disqualified.',
  eventEntryDisqualified: 'The entry is disqualified.',
  eventSourceEditorsOnly: 'The event’s English is the source of every translation: only editors and admins write it.',
  eventTranslationNotWaiting: 'Nothing in this language is waiting: save a translation first.',

  // The translator exchange (XLIFF files). `details` says in English what is wrong and where.
  xliffMalformed: 'The file could not be read as XML.',
  xliffInvalid: 'The file is not an XLIFF 2.0 file of this site’s content.',
  xliffTooLarge: 'The file holds more than one import can take: split it into smaller files.',
  xliffSourceLanguage: 'The source language is written, not translated: choose the language to translate into.',

  // Files staff upload. The message names sizes and formats (in English); these texts are what the
  // translations say.
  uploadEmpty: 'The file is empty.',
  uploadTooLarge: 'The file is too large.',
  uploadNotAccepted: 'This type of file is not accepted here.',
  uploadDamaged: 'The file could not be read: it is incomplete or damaged. Save it again and upload the new file.',
  uploadTooManyPixels: 'The picture has too many pixels to be processed. Make it smaller and upload it again.',
  uploadActiveContent: 'The SVG image contains a script, which is not allowed.',

  // The media library. For mediaInUse the message names each place (in English); the GET of the
  // file lists them for the console.
  mediaFileMissing: 'Choose a file to upload.',
  mediaNotFound: 'This file is not in the media library.',
  mediaInUse_one: 'This file is still used in {{count}} place. Remove it from there first, then delete it.',
  mediaInUse_other: 'This file is still used in {{count}} places. Remove it from there first, then delete it.',
  mediaDeletedDuringUpload: 'The same file was being deleted while it was uploaded. Please upload it again.',

  // Requests the server cannot take. For `validation` the message names the first field at fault
  // (in English) and `details` lists every one; this text is what the translations say.
  validation: 'Some of the information sent is not valid.',
  badJson: 'The information sent could not be read.',
  bodyTooLarge: 'The information sent is too large.',
  tooDeeplyNested: 'The information sent is nested too deeply (at most {{max}} levels).',
  unsupportedType: 'The information sent is in a form this address does not take.',
  badRequest: 'This request could not be handled.',
  nulCharacter: 'Text must not contain the NUL character',
  crossSite: 'Cross-site request refused',
  rateLimited: 'Too many requests. Please try again in {{count}} seconds.',
  notFound: 'Not found',
  methodNotAllowed: 'This address does not take this kind of request.',
  internal: 'Something went wrong on our side. Please try again.',
  serviceUnavailable: 'The service is briefly unavailable. Please try again in a moment.',
} as const;

type Catalogue = typeof MESSAGES;
type PluralSuffix = 'one' | 'other';

/** A message's code: a key of MESSAGES, without the plural suffix. */
export type MessageCode = keyof Catalogue extends infer K
  ? K extends `${infer Code}_${PluralSuffix}`
    ? Code
    : K & string
  : never;

/** The numbers a message's text is filled with. */
export type MessageParams = Readonly<Record<string, number>>;

type TextsOf<C extends MessageCode> = Catalogue[Extract<keyof Catalogue, C | `${C}_${PluralSuffix}`>];
type Placeholders<S> = S extends `${string}{{${infer Name}}}${infer Rest}` ? Name | Placeholders<Rest> : never;

/** The params a code's text needs, by name; `never` for a text without placeholders. */
export type ParamsOf<C extends MessageCode> = [Placeholders<TextsOf<C>>] extends [never]
  ? never
  : { readonly [Name in Placeholders<TextsOf<C>>]: number };

/** The rest arguments after a code: none, or exactly its params. */
export type ParamsArg<C extends MessageCode> = [ParamsOf<C>] extends [never] ? [] : [params: ParamsOf<C>];

/** The body of every message the API sends: success answers and errors alike. */
export interface MessageBody {
  code: MessageCode;
  message: string;
  params?: MessageParams;
}

const texts: Readonly<Record<string, string>> = MESSAGES;
const englishPlural = new Intl.PluralRules('en');

export const MESSAGE_CODES: readonly MessageCode[] = [
  ...new Set(Object.keys(MESSAGES).map((key) => key.replace(/_(one|other)$/, '') as MessageCode)),
];

export function isMessageCode(value: unknown): value is MessageCode {
  return typeof value === 'string' && (MESSAGE_CODES as readonly string[]).includes(value);
}

/** Fills {{name}} from params; a placeholder without a value stays as it is. */
function fillPlaceholders(text: string, params: MessageParams | undefined): string {
  return text.replace(/{{\s*(\w+)\s*}}/g, (placeholder, name: string) =>
    params && Object.hasOwn(params, name) ? String(params[name]) : placeholder,
  );
}

/** A code's English text with its params filled in (the plural form chosen by params.count). */
export function formatMessage(code: MessageCode, params?: MessageParams): string {
  const count = params?.count;
  const text =
    (typeof count === 'number' ? texts[`${code}_${englishPlural.select(count)}`] : undefined) ??
    texts[code] ??
    texts[`${code}_other`] ??
    code;
  return fillPlaceholders(text, params);
}

/** The body the API sends for a code: `{code, message}`, with `params` when the text has numbers. */
export function messageBody<C extends MessageCode>(code: C, ...[params]: ParamsArg<C>): MessageBody {
  const values = params as MessageParams | undefined;
  return values
    ? { code, message: formatMessage(code, values), params: values }
    : { code, message: formatMessage(code) };
}
