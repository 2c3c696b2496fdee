/**
 * Personal answers are never cacheable by a shared cache: every GET endpoint of the OpenAPI document
 * under /api/user/, /restapi/ and /api/admin/, called signed in (cookie and Bearer), either sends
 * `Cache-Control: private, no-store` or is one of the declared public answers, the same for
 * everyone. A new personal endpoint is covered without being listed; a new public one must be.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../db/seed/index.ts';
import { signIn } from '../tests/helpers/auth.ts';
import { createTestContext, type TestContext } from '../tests/helpers/test-app.ts';

/** Answers that are the same for every viewer and say so with a `public` Cache-Control. */
const PUBLIC_ANSWERS = new Set([
  '/api/user/navigation.json',
  '/api/user/settings.json',
  '/api/user/provinces.json',
  '/api/user/districts.json',
  '/api/user/wards.json',
]);

/** Values for required query parameters that are not ids. */
const SAMPLE_VALUES: Record<string, string> = { q: 'toan', province_code: '01', audience: 'all' };

interface OpenApi {
  paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string; required?: boolean }> }>>;
}

let t: TestContext;
let learner: Awaited<ReturnType<typeof signIn>>;
let admin: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  t = await createTestContext();
  await seedDemoData(t.db, { uploadsDir: path.join(t.dataDir, 'uploads') });
  learner = await signIn(t, '0912345678', 'KhaiTri@2026');
  admin = await signIn(t, 'quantri@khaitri.vn', 'KhaiTri@2026');
});

afterAll(async () => {
  await t?.close();
});

/** Every JSON GET endpoint of the document under `prefix`, with its required parameters filled in. */
function endpoints(prefixes: string[]): string[] {
  const spec = t.app.swagger() as unknown as OpenApi;
  return Object.entries(spec.paths)
    .filter(([url, methods]) => prefixes.some((prefix) => url.startsWith(prefix)) && methods.get)
    .map(([url, methods]) => {
      const parameters = methods.get!.parameters ?? [];
      const filled = url.replace(/\{[^}]+\}/g, '1');
      const query = parameters
        .filter((parameter) => parameter.in === 'query' && parameter.required)
        .map((parameter) => `${parameter.name}=${SAMPLE_VALUES[parameter.name] ?? '1'}`)
        .join('&');
      return query ? `${filled}?${query}` : filled;
    });
}

describe('personal answers', () => {
  it('every learner endpoint, signed in by cookie or Bearer, is private or a declared public answer', async () => {
    const urls = endpoints(['/api/user/', '/restapi/']);
    expect(urls.length).toBeGreaterThan(40);
    for (const headers of [learner.cookie, learner.bearer]) {
      for (const url of urls) {
        const response = await t.app.inject({ method: 'GET', url, headers });
        expect(response.statusCode, url).toBeLessThan(500);
        const control = response.headers['cache-control'];
        if (PUBLIC_ANSWERS.has(url.split('?')[0]!)) {
          expect(control, url).toMatch(/^public, /);
          const anonymous = await t.app.inject({ method: 'GET', url });
          expect(anonymous.body, `${url} is the same for everyone`).toBe(response.body);
        } else {
          expect(control, url).toBe('private, no-store');
        }
      }
    }
  });

  it('the personal answers the issue names are private, with their data', async () => {
    for (const url of [
      '/api/user/user.json',
      '/api/user/details.json',
      '/api/user/order.json',
      '/api/user/notification.json',
      '/api/user/cart.json',
      '/api/user/certificate.json',
      '/api/user/sessions.json',
      '/api/user/affiliate.json',
      '/api/user/subscription.json',
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: learner.cookie });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('private, no-store');
    }
  });

  it('every admin endpoint is private', async () => {
    const urls = endpoints(['/api/admin/']);
    expect(urls.length).toBeGreaterThan(30);
    let answered = 0;
    for (const url of urls) {
      const response = await t.app.inject({ method: 'GET', url, headers: admin.cookie });
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.headers['cache-control'], url).toBe('private, no-store');
      if (response.statusCode === 200) answered += 1;
    }
    expect(answered).toBeGreaterThan(20);
  });

  it('an anonymous cart (its cookie) is private; anonymous catalog answers keep their shared caching', async () => {
    const cookie = 'kt_bid=b1; kt_cart=anonymouscarttoken0001';
    const withCookie = await t.app.inject({ method: 'GET', url: '/api/user/cart.json', headers: { cookie } });
    expect(withCookie.statusCode).toBe(200);
    expect(withCookie.headers['cache-control']).toBe('private, no-store');

    const catalog = await t.app.inject({ method: 'GET', url: '/api/user/course.json' });
    expect(catalog.headers['cache-control']).toMatch(/^public, /);
    expect(catalog.headers.etag).toBeTruthy();
    const signedIn = await t.app.inject({ method: 'GET', url: '/api/user/course.json', headers: learner.bearer });
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
  });
});
