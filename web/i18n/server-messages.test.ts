// The API's messages reach the learner by code, in their language (locales.test.ts checks that
// every code is translated in every language with the English placeholders).
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../../contract/languages';
import { MESSAGES, MESSAGE_CODES, messageBody } from '../../contract/messages';
import { ApiError } from '../lib/api-client';
import { i18n } from './i18n';
import { localMessage } from './server-messages';
import { messageText } from './message-text';
import type { Dictionary } from './translator';

const root = path.join(import.meta.dirname, 'locales');
const messagesOf = (lang: string) =>
  JSON.parse(fs.readFileSync(path.join(root, lang, 'messages.json'), 'utf8')) as Record<string, string>;

i18n.addResources('en', 'messages', messagesOf('en') as Dictionary);
i18n.addResources('hi', 'messages', messagesOf('hi') as Dictionary);

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('the messages namespace', () => {
  it('keeps the web’s own messages apart from the API’s codes, whose English is the contract', () => {
    const own = Object.keys(messagesOf('en'));
    expect(own.length).toBeGreaterThan(0);
    expect(
      own.filter((key) => (MESSAGE_CODES as readonly string[]).includes(key.replace(/_(one|other)$/, ''))),
    ).toEqual([]);
  });

  it('has no English left in another language', () => {
    const english: Record<string, string> = { ...MESSAGES, ...messagesOf('en') };
    for (const lang of LANGUAGE_CODES.filter((code) => code !== 'en')) {
      const translated = messagesOf(lang);
      expect(
        Object.keys(english).filter((key) => translated[key] === english[key]),
        lang,
      ).toEqual([]);
    }
  });
});

describe('localMessage', () => {
  it('shows in English the message the server sent', () => {
    expect(localMessage(messageBody('wrongCode', { count: 2 }))).toBe('Incorrect one-time password. Tries left: 2.');
    // Validation's message names the field; its code's text is the general one other languages show.
    expect(localMessage({ code: 'validation', message: 'Invalid body: age must be <= 120' })).toBe(
      'Invalid body: age must be <= 120',
    );
  });

  it('shows a code in the learner’s language, with its numbers', async () => {
    await i18n.changeLanguage('hi');
    expect(localMessage(messageBody('wrongCode', { count: 2 }))).toBe('गलत OTP। बाकी कोशिशें: 2।');
    expect(localMessage(messageBody('numberLimit', { count: 57 }))).toBe(
      'इस नंबर के लिए बहुत बार OTP मँगाया गया। कृपया 57 मिनट बाद कोशिश करें।',
    );
    expect(
      localMessage(new ApiError(404, 'Course not found', { code: 'courseNotFound', message: 'Course not found' })),
    ).toBe('कोर्स नहीं मिला');
  });

  it('says a failed connection in the learner’s language', async () => {
    await i18n.changeLanguage('hi');
    expect(localMessage(new ApiError(0, 'Network error'))).toBe(messagesOf('hi').network);
  });

  it('shows a code this build does not know, or an answer without one, as the server wrote it', async () => {
    await i18n.changeLanguage('hi');
    expect(localMessage({ code: 'somethingNew', message: 'Something new happened' })).toBe('Something new happened');
    expect(localMessage(new Error('Plain failure'))).toBe('Plain failure');
  });
});

describe('messageText', () => {
  it('gives the web’s own checks the contract’s English, or the translation', async () => {
    expect(messageText('codeShape', { length: 6 })).toBe('Enter the 6-digit one-time password');
    expect(messageText('invalidMobile')).toBe('Enter a valid phone number');
    await i18n.changeLanguage('hi');
    expect(messageText('codeShape', { length: 6 })).toBe('6 अंकों का OTP डालें');
  });
});
