// A question saved from the pool: the English as typed, and the other languages kept when their
// options still fit (the server replaces every language's text with what it is sent).
import { describe, expect, it } from 'vitest';
import type { StaffQuestion } from '../../../staff-shared/api/events';
import { bodyOf, draftOf } from './questions';

describe('a question saved from the pool', () => {
  const question: StaffQuestion = {
    id: 'q1',
    position: 0,
    type: 'single',
    optionCount: 3,
    correct: [1],
    texts: {
      en: { content: 'Share a code?', options: ['Yes', 'No', 'Sometimes'], explanation: 'Never.' },
      hi: { content: 'कोड बताएँ?', options: ['हाँ', 'नहीं', 'कभी-कभी'], explanation: 'कभी नहीं।' },
    },
  };

  it('keeps the other languages when the options are as many', () => {
    const draft = { ...draftOf(question), content: 'Share a one-time password?' };
    const { body, dropped } = bodyOf(draft, question);
    expect(dropped).toEqual([]);
    expect(body).toMatchObject({ type: 'single', optionCount: 3, correct: [1] });
    expect(body.texts.hi).toEqual(question.texts.hi);
    expect(body.texts.en?.content).toBe('Share a one-time password?');
  });

  it('drops, and names, the languages whose options no longer fit', () => {
    const draft = draftOf(question);
    draft.options.push({ text: 'Ask the bank', right: false });
    const { body, dropped } = bodyOf(draft, question);
    expect(dropped).toEqual(['hi']);
    expect(Object.keys(body.texts)).toEqual(['en']);
    expect(body.optionCount).toBe(4);
  });
});
