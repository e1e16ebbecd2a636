// An event's settings checked in the console as the server checks them (contract/event-rules.ts):
// the days in order, the hours within one day (24:00 its end), the time of an entry within its
// bounds, a key the address can hold.
import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../../i18n/translator';
import en from '../../../i18n/locales/en/staff.json';
import type { StaffEvent } from '../../../staff-shared/api/events';
import { problemsOf, valuesOf } from './settings';

const t = createTranslator({ language: 'en', resources: { staff: en } }).getFixedT('staff');
const good = {
  ...valuesOf(null),
  key: 'cyber-week-2026',
  name: 'Cyber safety week',
  firstDay: '2026-03-01',
  lastDay: '2026-03-04',
  termsVersion: '2026-01',
};

describe('an event’s settings in the console', () => {
  it('are accepted when the server would take them, 24:00 closing the day', () => {
    expect(problemsOf(good, true, t)).toEqual({});
    expect(problemsOf({ ...good, opensAt: '00:00', closesAt: '24:00' }, true, t)).toEqual({});
    expect(problemsOf({ ...good, lastDay: good.firstDay }, true, t)).toEqual({});
  });

  it('name each field that is wrong', () => {
    const problems = problemsOf(
      {
        ...good,
        key: 'Cyber Week',
        name: ' ',
        firstDay: '',
        opensAt: '9',
        closesAt: '25:00',
        limitMinutes: '0',
        limitSeconds: '10',
        questionsPerEntry: '0',
        reviewHours: '721',
        termsVersion: '',
      },
      true,
      t,
    );
    expect(Object.keys(problems).sort()).toEqual(
      [
        'key',
        'name',
        'firstDay',
        'opensAt',
        'closesAt',
        'limit',
        'questionsPerEntry',
        'reviewHours',
        'termsVersion',
      ].sort(),
    );
  });

  it('keep the last day on or after the first, and the closing after the opening', () => {
    expect(problemsOf({ ...good, lastDay: '2026-02-28' }, true, t).lastDay).toBe(
      'The last day cannot be before the first.',
    );
    expect(problemsOf({ ...good, opensAt: '19:00', closesAt: '09:00' }, true, t).closesAt).toMatch(/after the opening/);
    expect(problemsOf({ ...good, opensAt: '09:00', closesAt: '09:00' }, true, t).closesAt).toMatch(/after the opening/);
  });

  it('hold the time of an entry from 30 seconds to 4 hours', () => {
    const limit = (minutes: string, seconds: string) =>
      problemsOf({ ...good, limitMinutes: minutes, limitSeconds: seconds }, true, t).limit;
    expect(limit('0', '30')).toBeUndefined();
    expect(limit('240', '0')).toBeUndefined();
    expect(limit('0', '29')).toMatch(/from 30 seconds to 4 hours/);
    expect(limit('240', '1')).toMatch(/from 30 seconds to 4 hours/);
    expect(limit('1.5', '0')).toMatch(/from 30 seconds/);
  });

  it('do not ask a key or a name of an event that exists', () => {
    const existing = valuesOf({
      key: 'demo',
      firstDay: '2026-03-01',
      lastDay: '2026-03-01',
      opensAt: '09:00',
      closesAt: '19:00',
      timeLimitSeconds: 90,
      questionsPerEntry: 5,
      minorsAllowed: false,
      termsVersion: 'v1',
      reviewHours: 0,
      texts: {},
    } as unknown as StaffEvent);
    expect(existing).toMatchObject({ limitMinutes: '1', limitSeconds: '30', name: '' });
    expect(problemsOf(existing, false, t)).toEqual({});
  });
});
