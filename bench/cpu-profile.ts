// The functions a V8 CPU profile (node --cpu-prof) spent the most time in, by self time: the top of
// the flame graph, as text a benchmark can print.
import fs from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** A frame's name: its function and where it is, shortened to the package or the project's file. */
function frameName({ functionName, url, lineNumber }: ProfileNode['callFrame'], root: string): string {
  const where = url
    .replace(/^file:\/\//, '')
    .replace(/.*\/node_modules\/((@[^/]+\/)?[^/]+)\/.*/, '$1')
    .replace(`${root}/`, '');
  return `${functionName || '(anonymous)'} ${where ? `${where}:${lineNumber + 1}` : ''}`.trim();
}

/** The `count` frames with the most self time, each with its share of all samples. */
export function topFrames(file: string, root: string, count = 15): { frame: string; percent: number }[] {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfTime = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const node = byId.get(id);
    const delta = profile.timeDeltas[index] ?? 0;
    if (!node) return;
    total += delta;
    const name = frameName(node.callFrame, root);
    selfTime.set(name, (selfTime.get(name) ?? 0) + delta);
  });
  return [...selfTime]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([frame, time]) => ({ frame, percent: (100 * time) / total }));
}

/**
 * The application's profile of the newest run in a folder: V8 writes one per thread, and the
 * module loader's thread (tsx) is idle while the application works, so the largest is the one.
 */
export function newestProfile(dir: string): string | undefined {
  const files = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.cpuprofile'))
    .map((name) => ({ file: path.join(dir, name), stat: fs.statSync(path.join(dir, name)) }));
  const newest = Math.max(...files.map(({ stat }) => stat.mtimeMs));
  return files.filter(({ stat }) => newest - stat.mtimeMs < 5000).sort((a, b) => b.stat.size - a.stat.size)[0]?.file;
}
