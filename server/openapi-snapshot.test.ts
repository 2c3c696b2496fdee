/**
 * The OpenAPI document is the API's contract: it is compared with a committed copy
 * (tests/fixtures/openapi.snapshot.json), so moving code between modules (issue 19) cannot change a
 * route, a schema or a message unnoticed. A deliberate change to the API updates the copy with
 * `npx vitest run --project integration server/openapi-snapshot.test.ts -u` and shows in the diff.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../tests/helpers/test-app.ts';

describe('the OpenAPI document', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ env: { SITE_NAME: 'Khai Trí' } });
  });
  afterAll(() => t?.close());

  it('is the committed contract, route for route and schema for schema', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths).length).toBeGreaterThan(100);
    await expect(`${JSON.stringify(document, null, 2)}\n`).toMatchFileSnapshot(
      '../tests/fixtures/openapi.snapshot.json',
    );
  });
});
