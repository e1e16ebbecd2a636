// The size limit of a web feature (docs/web.md, "Layout"): no folder under web/features/ holds more
// than 2,500 lines, every file in it counted (.ts, .tsx, .css, tests included), as `wc -l` counts
// them. Past that a feature holds more than one job: split it by job, as the staff console and the
// learner's courses and learning were, moving what two features need below them (web/components,
// web/lib).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const FEATURE_LINE_LIMIT = 2_500;

/** Lines (newline characters) of every file under `folder`, its subfolders included. */
function linesUnder(folder: string): number {
  let lines = 0;
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) lines += linesUnder(file);
    else if (entry.isFile()) lines += fs.readFileSync(file, 'utf8').split('\n').length - 1;
  }
  return lines;
}

/** Each feature folder under `featuresDir` with its line count. */
function featureSizes(featuresDir: string): Array<{ feature: string; lines: number }> {
  return fs
    .readdirSync(featuresDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => ({ feature: entry.name, lines: linesUnder(path.join(featuresDir, entry.name)) }));
}

/** What the limit says of each feature over it: its folder and its lines. */
function overLimit(featuresDir: string): string[] {
  return featureSizes(featuresDir)
    .filter(({ lines }) => lines > FEATURE_LINE_LIMIT)
    .map(({ feature, lines }) => `web/features/${feature}: ${lines} lines (limit ${FEATURE_LINE_LIMIT})`);
}

describe('web features by size', () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'feature-sizes-'));
  afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

  it(`keeps every folder under web/features/ within ${FEATURE_LINE_LIMIT} lines`, () => {
    const features = path.join(import.meta.dirname, 'web/features');
    // A wrong path would pass with nothing counted.
    expect(featureSizes(features).length).toBeGreaterThan(10);
    expect(overLimit(features)).toEqual([]);
  });

  it('names a feature one line over, counting every file of its subfolders, styles and tests', () => {
    const line = (n: number) => 'x\n'.repeat(n);
    const big = path.join(scratch, 'big', 'components');
    fs.mkdirSync(path.join(big, 'nested'), { recursive: true });
    fs.writeFileSync(path.join(big, 'page.tsx'), line(2_000));
    fs.writeFileSync(path.join(big, 'page.css'), line(300));
    fs.writeFileSync(path.join(big, 'nested', 'page.test.tsx'), line(201));
    fs.mkdirSync(path.join(scratch, 'small'));
    fs.writeFileSync(path.join(scratch, 'small', 'keys.ts'), line(FEATURE_LINE_LIMIT));
    expect(overLimit(scratch)).toEqual([`web/features/big: 2501 lines (limit ${FEATURE_LINE_LIMIT})`]);
  });
});
