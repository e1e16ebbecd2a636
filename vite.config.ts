// Builds the React app in web/ into dist/web, which the server serves from the same origin. In
// development `npm run dev:web` proxies the API and stored files to the server on :3000.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    // The server reads the manifest to preload the chunk of the route a visitor lands on.
    manifest: true,
    target: 'es2022',
    // Every font file is emitted as a file; inlining one would make every visitor pay for it.
    assetsInlineLimit: (file) => (/\.(woff2?|ttf)$/.test(file) ? false : undefined),
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/uploads': 'http://localhost:3000',
    },
  },
});
