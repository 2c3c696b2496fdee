import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['lib/**/*.test.ts', 'config/**/*.test.ts', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['modules/**/*.test.ts', 'server/**/*.test.ts', 'db/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/setup/integration.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          // Two app processes on private PostgreSQL, Redis and radosgw (npm run test:fleet; .ci/run after npm test).
          name: 'fleet',
          include: ['tests/fleet/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 200_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
