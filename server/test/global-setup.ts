// Vitest's global setup of the projects whose tests open a database: makes the run's migrated
// template once (server/test/database-template.ts) and removes it when the run ends.
import type { TestProject } from 'vitest/node';
import { createDatabaseTemplate, type DatabaseTemplate } from './database-template';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

export default async function setup(project: TestProject) {
  const { template, remove } = await createDatabaseTemplate(process.env.TEST_DATABASE_URL);
  project.provide('databaseTemplate', template);
  return remove;
}
