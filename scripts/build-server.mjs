// Bundles the server's own code into dist/server; npm packages stay external and load from
// node_modules, so the bundle is small and starts fast.
import { build } from 'esbuild';

await build({
  entryPoints: {
    main: 'server/main.ts',
    'content-import': 'server/cli/content-import.ts',
    'staff-grant': 'server/cli/staff-grant.ts',
    // The synthesis thread's entry, started by the server (server/modules/read-aloud/synthesis-thread.ts).
    'read-aloud-worker': 'server/modules/read-aloud/synthesis-worker.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.log('server built: dist/server');
