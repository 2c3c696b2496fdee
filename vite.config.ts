import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import tsconfigPaths from 'vite-tsconfig-paths';
import { precompress } from './scripts/vite-precompress';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths(), precompress()],
  build: {
    // Keep the server bundle readable in stack traces.
    sourcemap: false,
  },
  ssr: {
    // The server build talks to the host only through the load context; keep Node-only
    // packages out of it.
    external: ['better-sqlite3', 'pg', 'kysely'],
  },
});
