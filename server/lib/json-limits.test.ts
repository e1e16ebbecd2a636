import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { JournalBody, QuizSubmission } from '../../contract/progress';
import { maxJsonBytes, nestsDeeperThan } from './json-limits';

describe('nestsDeeperThan', () => {
  it('counts arrays and objects opened inside each other', () => {
    expect(nestsDeeperThan('{"a":[{"b":[1]}]}', 4)).toBe(false);
    expect(nestsDeeperThan('{"a":[{"b":[[1]]}]}', 4)).toBe(true);
    expect(nestsDeeperThan('['.repeat(33), 32)).toBe(true);
    expect(nestsDeeperThan('['.repeat(32) + ']'.repeat(32), 32)).toBe(false);
  });

  it('counts levels, not brackets: siblings do not add up', () => {
    expect(nestsDeeperThan(`[${'[1],'.repeat(1000)}[1]]`, 2)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(nestsDeeperThan(JSON.stringify({ text: '[[[[{{{{' }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ text: 'say \\"[[[[" \\\\' }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify(['"[', ['x']]), 1)).toBe(true);
  });
});

describe('maxJsonBytes', () => {
  it('bounds a schema by its lengths and counts, with room for escaped characters', () => {
    const schema = Type.Object({ name: Type.String({ maxLength: 10 }), age: Type.Optional(Type.Integer()) });
    expect(maxJsonBytes(schema)).toBe(2 + ('"name"'.length + 2 + 2 + 10 * 6) + ('"age"'.length + 2 + 32));
  });

  it('takes the largest branch of a union and the longest allowed value', () => {
    expect(maxJsonBytes(Type.Union([Type.String({ maxLength: 3 }), Type.Null()]))).toBe(2 + 3 * 6);
    expect(maxJsonBytes(Type.Unsafe({ type: 'string', enum: ['a', 'abc'] }))).toBe('"abc"'.length * 6);
  });

  it('has no bound when a string or an array has none', () => {
    expect(maxJsonBytes(Type.Object({ text: Type.String() }))).toBeUndefined();
    expect(maxJsonBytes(Type.Array(Type.Integer()))).toBeUndefined();
  });

  it('holds the largest real bodies: a quiz answered to its limits, a journal at its length in any script', () => {
    const id = '123e4567-e89b-12d3-a456-426614174000';
    const quiz = JSON.stringify({
      answers: Array.from({ length: 200 }, () => ({ questionId: id, selectedOptions: Array(20).fill(id) })),
    });
    expect(quiz.length).toBeGreaterThan(160_000);
    expect(maxJsonBytes(QuizSubmission)).toBeGreaterThanOrEqual(quiz.length);
    // Every character escaped, as writers that keep to ASCII send Devanagari.
    const journal = JSON.stringify({ text: 'क'.repeat(10_000) }).replace(/क/g, '\\u0915');
    expect(maxJsonBytes(JournalBody)).toBeGreaterThanOrEqual(journal.length);
  });
});
