// The events' pages and actions by role, as the server's routes allow them (the role matrix test,
// server/plugins/staff-role-matrix.system.test.ts, holds the server to the same): editors and admins
// run events; analysts read counts and results, never the pool or a write; translators write their
// languages only and read the pool, never the figures.
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../../../contract/languages';
import { eventPowers } from './event-powers';

describe('what each role may do with events', () => {
  it('lets editors and admins do everything, in every language', () => {
    for (const roles of [['editor'], ['admin']] as const)
      expect(eventPowers({ roles: [...roles], languages: [] })).toEqual({
        manage: true,
        figures: true,
        readPool: true,
        languages: LANGUAGE_CODES,
      });
  });

  it('lets an analyst read the counts and results only', () => {
    expect(eventPowers({ roles: ['analyst'], languages: [] })).toEqual({
      manage: false,
      figures: true,
      readPool: false,
      languages: [],
    });
  });

  it('lets a translator read the pool and write their own languages, in the platform’s order', () => {
    expect(eventPowers({ roles: ['translator'], languages: ['tm', 'hi'] })).toEqual({
      manage: false,
      figures: false,
      readPool: true,
      languages: ['hi', 'tm'],
    });
  });

  it('leaves English, the source, to editors and admins even when a translator holds it', () => {
    expect(eventPowers({ roles: ['translator'], languages: ['en', 'tm'] }).languages).toEqual(['tm']);
  });

  it('adds up the roles a person holds', () => {
    expect(eventPowers({ roles: ['translator', 'analyst'], languages: ['hi'] })).toEqual({
      manage: false,
      figures: true,
      readPool: true,
      languages: ['hi'],
    });
  });
});
