// An existing database upgrades through the migrations without losing a row: migration 0017 renames
// the gallery's tables (media_titles, media_images -> gallery_titles, gallery_images; ADR 31), and a
// database made before it (a ./data folder, production's PostgreSQL) must keep its gallery and end
// with the indexes and constraints the schema (server/db/schema/gallery.ts) names.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from './client';
import { galleryImages, galleryTitles } from './schema/gallery';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

/** A copy of the migrations folder whose journal ends with the migration tagged `last`. */
function migrationsUpTo(last: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'jgk-migrations-'));
  folders.push(folder);
  fs.cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const end = journal.entries.findIndex((entry) => entry.tag === last);
  if (end < 0) throw new Error(`no migration ${last}`);
  journal.entries = journal.entries.slice(0, end + 1);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

/** The gallery's indexes and constraints by name, as the catalogue has them. */
async function galleryNames(client: PGlite): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select indexname as name from pg_indexes where tablename in ('gallery_titles', 'gallery_images')
     union
     select conname from pg_constraint where conrelid in ('gallery_titles'::regclass, 'gallery_images'::regclass)`,
  );
  return rows.map((row) => row.name).sort();
}

/** The same names as the schema gives them (the primary key's is PostgreSQL's `<table>_pkey`). */
function schemaNames(...tables: PgTable[]): string[] {
  return tables
    .flatMap((table) => {
      const config = getTableConfig(table);
      return [
        `${config.name}_pkey`,
        ...config.indexes.map((index) => index.config.name!),
        ...config.checks.map((check) => check.name),
        ...config.foreignKeys.map((key) => key.getName()),
      ];
    })
    .sort();
}

const TITLE = '11111111-1111-4111-8111-111111111111';
const IMAGE = '22222222-2222-4222-8222-222222222222';

describe('migration 0017 (the gallery tables renamed)', () => {
  it('keeps a gallery title and its image made before it, under the new names, with the indexes and constraints the schema names', async () => {
    const old = await PGlite.create();
    try {
      await migrate(drizzle(old), { migrationsFolder: migrationsUpTo('0016_analytics-event-time-indexes') });
      await old.exec(`
        insert into media_titles (id, slug, lang, title, position) values ('${TITLE}', 'van-outreach', 'en', 'Vans', 1);
        insert into media_images (id, title_id, image, alt, position)
          values ('${IMAGE}', '${TITLE}', 'uploads/gallery/van-1.svg', 'A van', 1);
      `);

      await migrate(drizzle(old), { migrationsFolder });

      expect((await old.query(`select id, slug, lang, title, position from gallery_titles`)).rows).toEqual([
        { id: TITLE, slug: 'van-outreach', lang: 'en', title: 'Vans', position: 1 },
      ]);
      expect((await old.query(`select id, title_id, image, alt, position from gallery_images`)).rows).toEqual([
        { id: IMAGE, title_id: TITLE, image: 'uploads/gallery/van-1.svg', alt: 'A van', position: 1 },
      ]);
      expect(
        (await old.query(`select to_regclass('media_titles') as titles, to_regclass('media_images') as images`)).rows,
      ).toEqual([{ titles: null, images: null }]);
      // The constraints still hold under their new names: an image follows its title out.
      await old.exec(`delete from gallery_titles where id = '${TITLE}'`);
      expect((await old.query(`select count(*)::int as n from gallery_images`)).rows).toEqual([{ n: 0 }]);
      expect(await galleryNames(old)).toEqual(schemaNames(galleryTitles, galleryImages));
    } finally {
      await old.close();
    }
  });
});
