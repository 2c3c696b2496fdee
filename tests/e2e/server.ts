/**
 * The real product for the browser journeys, in-process: a temporary DATA_DIR, the SQLite file
 * migrated and seeded with the demo data, the real services and the app with the built pages,
 * listening on 127.0.0.1 on a free port. Needs the built app (`npx react-router build`).
 */
import { createTestContext, type TestContext, type TestContextOptions } from '../helpers/test-app.ts';

export interface ProductServer {
  /** `http://127.0.0.1:{port}`, without a trailing slash. */
  baseUrl: string;
  context: TestContext;
  close(): Promise<void>;
}

export async function startProductServer(
  env: Record<string, string> = {},
  serveBuild?: TestContextOptions['serveBuild'],
): Promise<ProductServer> {
  const context = await createTestContext({
    pages: true,
    seed: true,
    listen: true,
    env,
    ...(serveBuild ? { serveBuild } : {}),
  });
  if (!context.baseUrl) {
    await context.close();
    throw new Error('The product server did not start listening.');
  }
  return { baseUrl: context.baseUrl, context, close: () => context.close() };
}
