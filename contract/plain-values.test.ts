// The contract's constants live in files without TypeBox that import nothing but types, so the web
// takes them at no cost; from the schema files (TypeBox) the web takes only types, which vanish
// from its bundle. (ESLint holds the plain-value files to type-only imports.)
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const contractDir = import.meta.dirname;
const webDir = path.join(contractDir, '..', 'web');

const read = (file: string) => fs.readFileSync(file, 'utf8');
const contractFiles = fs.readdirSync(contractDir).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
const importsOf = (text: string) => [...text.matchAll(/^import\s[\s\S]*?from\s+'([^']+)';/gm)];
const plainFiles = new Set(
  contractFiles.filter((file) => !/from '@sinclair\/typebox'/.test(read(path.join(contractDir, file)))),
);

describe('plain-value files of the contract', () => {
  it('hold the constants the web uses, and import nothing but types', () => {
    for (const file of [
      'auth-rules.ts',
      'profile-options.ts',
      'page-sizes.ts',
      'learning-rules.ts',
      'messages.ts',
      'languages.ts',
    ]) {
      expect(plainFiles.has(file), file).toBe(true);
      const valueImports = importsOf(read(path.join(contractDir, file))).filter(
        ([statement]) => !/^import\s+type\s/.test(statement),
      );
      expect(valueImports, file).toEqual([]);
    }
  });

  it('are the only contract files the web takes values from', () => {
    const webFiles = (fs.readdirSync(webDir, { recursive: true }) as string[]).filter(
      (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file),
    );
    const offending: string[] = [];
    let contractImports = 0;
    for (const file of webFiles) {
      for (const [statement, source] of importsOf(read(path.join(webDir, file)))) {
        if (!source!.includes('/contract/')) continue;
        contractImports += 1;
        const target = `${path.basename(source!)}.ts`;
        const specifiers =
          /{([^}]*)}/
            .exec(statement)?.[1]
            ?.split(',')
            .map((s) => s.trim())
            .filter(Boolean) ?? [];
        const typesOnly =
          /^import\s+type\s/.test(statement) ||
          (specifiers.length > 0 && specifiers.every((s) => s.startsWith('type ')));
        if (!typesOnly && !plainFiles.has(target)) offending.push(`${file}: ${statement.replace(/\s+/g, ' ')}`);
      }
    }
    expect(contractImports).toBeGreaterThan(20);
    expect(offending).toEqual([]);
  });
});
