// The forms' name check: the server's rule, its reason in the learner's language.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../contract/messages';
import { i18n } from './i18n';
import { isPersonNameCode, personNameError } from './person-name';
import type { Dictionary } from './translator';

const messagesOf = (lang: string) =>
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'locales', lang, 'messages.json'), 'utf8')) as Record<
    string,
    string
  >;
const hindi = messagesOf('hi');
i18n.addResources('en', 'messages', messagesOf('en') as Dictionary);
i18n.addResources('hi', 'messages', hindi as Dictionary);

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('personNameError', () => {
  it('passes a real name and names each refusal in English', () => {
    expect(personNameError('  अनीता   शर्मा ')).toBeUndefined();
    expect(personNameError('\u200b')).toBe(MESSAGES.nameRequired);
    expect(personNameError('\u200b', 'guardianNameRequired')).toBe(MESSAGES.guardianNameRequired);
    expect(personNameError('a'.repeat(101))).toBe('Your name can have at most 100 characters');
    expect(personNameError('Иван')).toBe(MESSAGES.nameScript);
    expect(personNameError(`a${'\u0301'.repeat(97)}`)).toBe(MESSAGES.nameMarks);
    expect(personNameError('Asha 2')).toBe(MESSAGES.nameCharacters);
  });

  it('says it in the learner’s language', async () => {
    await i18n.changeLanguage('hi');
    expect(personNameError('Иван')).toBe(hindi.nameScript);
    expect(personNameError(`a${'\u0301'.repeat(97)}`)).toBe(hindi.nameMarks);
  });

  it('knows which of the server’s codes are about the name field', () => {
    for (const code of [
      'nameRequired',
      'nameTooLong',
      'nameCharacters',
      'nameScript',
      'nameMarks',
      'guardianNameRequired',
    ])
      expect(isPersonNameCode(code), code).toBe(true);
    for (const code of ['invalidEmail', 'validation', undefined])
      expect(isPersonNameCode(code), String(code)).toBe(false);
  });
});
