/**
 * The studio's site API through the real app: roles (learner 403, signed out 401, editor vs
 * admin), audit entries, validation, banner windows on the public home data, the route rule
 * tester, navigation nesting and order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectStaffOnly } from '../../tests/helpers/staff-only.ts';
import { signInStaff, studioApi, type StaffSession } from '../../tests/helpers/studio-api.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';

let t: TestContext;
let learner: Session;
let editor: Session;
let admin: Session;

type Session = StaffSession;
const staff = (role: 'learner' | 'editor' | 'admin' | 'teacher') => signInStaff(t, role);
const { call, ok, auditActions } = studioApi(
  () => t,
  () => admin,
);

const banner = (overrides: Record<string, unknown> = {}) => ({
  title: 'Khuyến mãi mùa thu',
  placement: 1,
  image_pc: '/uploads/studio/banner-pc/a.webp',
  link_url: '/khoa-hoc',
  is_active: true,
  ...overrides,
});

beforeAll(async () => {
  t = await createTestContext();
  [learner, editor, admin] = [await staff('learner'), await staff('editor'), await staff('admin')];
});
afterAll(async () => {
  await t?.close();
});

describe('permissions', () => {
  const routes: [string, string][] = [
    ['GET', '/api/admin/banners.json'],
    ['POST', '/api/admin/banners.json'],
    ['GET', '/api/admin/navigation.json'],
    ['POST', '/api/admin/navigation/reorder.json'],
    ['GET', '/api/admin/settings.json'],
    ['PUT', '/api/admin/settings.json'],
    ['GET', '/api/admin/route-rules.json'],
    ['GET', '/api/admin/route-rules/test.json?path=/a'],
  ];

  it('refuses signed-out visitors (401) and learners (403) on every route', async () => {
    await expectStaffOnly(call, learner, routes);
  });

  it('lets editors manage content but keeps settings and route rules for admins', async () => {
    expect((await call(editor, 'GET', '/api/admin/banners.json')).statusCode).toBe(200);
    expect((await call(editor, 'GET', '/api/admin/settings.json')).statusCode).toBe(403);
    expect((await call(editor, 'POST', '/api/admin/route-rules.json', { path: '/a', target: '/b' })).statusCode).toBe(
      403,
    );
    expect((await call(admin, 'GET', '/api/admin/settings.json')).statusCode).toBe(200);
  });
});

describe('banners', () => {
  it('creates, lists by placement with folded search, edits and deletes, auditing each write', async () => {
    const created = await ok<{ id: number; is_live: boolean }>(editor, 'POST', '/api/admin/banners.json', banner());
    expect(created.is_live).toBe(true);
    await ok(editor, 'PUT', `/api/admin/banners/${created.id}.json`, banner({ title: 'Ưu đãi đặc biệt', position: 3 }));
    const list = await ok<{ title: string }[]>(editor, 'GET', '/api/admin/banners.json?placement=1&q=uu%20dai');
    expect(list.map((item) => item.title)).toContain('Ưu đãi đặc biệt');
    const other = await ok<unknown[]>(editor, 'GET', '/api/admin/banners.json?placement=2&q=uu%20dai');
    expect(other).toHaveLength(0);
    const csv = await call(editor, 'GET', '/api/admin/banners.json?format=csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Ưu đãi đặc biệt');
    await ok(editor, 'DELETE', `/api/admin/banners/${created.id}.json`);
    expect(await auditActions('banner', created.id)).toEqual(['banner.delete', 'banner.update', 'banner.create']);
    expect((await call(editor, 'GET', `/api/admin/banners/${created.id}.json`)).statusCode).toBe(404);
  });

  it('validates with Vietnamese messages', async () => {
    const response = await call(editor, 'POST', '/api/admin/banners.json', {
      title: ' ',
      placement: 27,
      image_pc: 'javascript:alert(1)',
      starts_at: '2026-12-10T08:00',
      ends_at: '2026-12-01T08:00',
    });
    expect(response.statusCode).toBe(400);
    const fields = response.json().error.fields as Record<string, string>;
    expect(fields.title).toBe('Vui lòng nhập tên banner.');
    expect(fields.placement).toBe('Vị trí hiển thị phải là mã 1–26.');
    expect(fields.image_pc).toMatch(/^Ảnh máy tính/);
  });

  it('shows a banner on the public home only inside its window, right after saving', async () => {
    const home = async () => {
      const data = (await call(null, 'GET', '/restapi/page/getpagedata?placements=1')).json().data;
      return (data.banners['1'] as { title: string }[]).map((item) => item.title);
    };
    await home(); // warm the cache: the save must empty it
    const hour = 3600_000;
    const past = await ok<{ id: number }>(
      editor,
      'POST',
      '/api/admin/banners.json',
      banner({
        title: 'Đã hết hạn',
        starts_at: new Date(Date.now() - 2 * hour).toISOString(),
        ends_at: new Date(Date.now() - hour).toISOString(),
      }),
    );
    await ok(
      editor,
      'POST',
      '/api/admin/banners.json',
      banner({
        title: 'Sắp tới',
        starts_at: new Date(Date.now() + hour).toISOString(),
      }),
    );
    await ok(
      editor,
      'POST',
      '/api/admin/banners.json',
      banner({
        title: 'Đang chạy',
        starts_at: new Date(Date.now() - hour).toISOString(),
        ends_at: new Date(Date.now() + hour).toISOString(),
      }),
    );
    const titles = await home();
    expect(titles).toContain('Đang chạy');
    expect(titles).not.toContain('Sắp tới');
    expect(titles).not.toContain('Đã hết hạn');
    await ok(editor, 'PUT', `/api/admin/banners/${past.id}.json`, banner({ title: 'Gia hạn' }));
    expect(await home()).toContain('Gia hạn');
  });
});

describe('route rules', () => {
  it('creates rules (admin), refuses duplicates and shows where a path goes', async () => {
    const rule = await ok<{ id: number; path: string }>(admin, 'POST', '/api/admin/route-rules.json', {
      path: '/Khuyen-Mai/',
      target: 'https://example.vn/uu-dai',
      status_code: 301,
      is_active: true,
    });
    expect(rule.path).toBe('/khuyen-mai');
    const duplicate = await call(admin, 'POST', '/api/admin/route-rules.json', { path: '/khuyen-mai', target: '/a' });
    expect(duplicate.statusCode).toBe(409);
    const tested = await ok<{
      match: { target: string; status: number; external: boolean } | null;
      explanation: string;
    }>(admin, 'GET', '/api/admin/route-rules/test.json?path=' + encodeURIComponent('/KHUYEN-MAI/?utm_source=x'));
    expect(tested.match).toEqual({ target: 'https://example.vn/uu-dai', status: 301, external: true });
    const none = await ok<{ match: null; explanation: string }>(
      admin,
      'GET',
      '/api/admin/route-rules/test.json?path=/khac',
    );
    expect(none.match).toBeNull();
    expect(none.explanation).toMatch(/Không có quy tắc/);
    await ok(admin, 'PUT', `/api/admin/route-rules/${rule.id}.json`, { path: '/khuyen-mai', target: '/khoa-hoc' });
    const off = await ok<{ match: null }>(admin, 'GET', '/api/admin/route-rules/test.json?path=/khuyen-mai');
    expect(off.match).toBeNull(); // saved without is_active: off
    expect(await auditActions('route_rule', rule.id)).toEqual(['route_rule.update', 'route_rule.create']);
    const bad = await call(admin, 'POST', '/api/admin/route-rules.json', { path: '//evil', target: 'javascript:x' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(expect.arrayContaining(['path', 'target']));
  });
});

describe('settings and navigation', () => {
  it('saves the SPEC keys with validation and the public data shows them at once', async () => {
    await call(null, 'GET', '/restapi/page/getpagedata?placements=1');
    const bad = await call(admin, 'PUT', '/api/admin/settings.json', {
      NUMBER_STUDENT: '-3',
      COLOR_BANNER_HOME: 'red',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({
      NUMBER_STUDENT: 'Số học viên phải là số nguyên không âm.',
      COLOR_BANNER_HOME: 'Màu phải có dạng #RRGGBB, ví dụ #0F4C81.',
    });
    const saved = await ok<Record<string, string>>(admin, 'PUT', '/api/admin/settings.json', {
      NUMBER_STUDENT: '120000',
      COLOR_BANNER_HOME: '#0F4C81',
    });
    expect(saved.NUMBER_STUDENT).toBe('120000');
    const data = (await call(null, 'GET', '/restapi/page/getpagedata?placements=1')).json().data;
    expect(data.settings.COLOR_BANNER_HOME).toBe('#0F4C81');
    expect(await auditActions('settings', 'site')).toContain('settings.update');
  });

  it('nests, reorders and deletes menu items; refuses cycles and mixed menus', async () => {
    const item = (title: string, extra: object = {}) =>
      ok<{ id: number }>(editor, 'POST', '/api/admin/navigation.json', {
        menu: 'header',
        title,
        url: '/khoa-hoc',
        is_active: true,
        ...extra,
      });
    const parent = await item('Khóa học');
    const first = await item('Tiếng Anh', { parent_id: parent.id });
    const second = await item('Toán', { parent_id: parent.id });
    await ok(editor, 'POST', '/api/admin/navigation/reorder.json', { ids: [second.id, first.id] });
    const nav = (await call(null, 'GET', '/api/user/navigation.json')).json().data;
    const node = (nav.header as { id: number; children: { title: string }[] }[]).find((n) => n.id === parent.id)!;
    expect(node.children.map((child) => child.title)).toEqual(['Toán', 'Tiếng Anh']);
    const cycle = await call(editor, 'PUT', `/api/admin/navigation/${parent.id}.json`, {
      menu: 'header',
      title: 'Khóa học',
      url: '/khoa-hoc',
      parent_id: first.id,
    });
    expect(cycle.statusCode).toBe(400);
    const mixed = await call(editor, 'POST', '/api/admin/navigation.json', {
      menu: 'footer',
      title: 'X',
      url: '/x',
      parent_id: parent.id,
    });
    expect(mixed.statusCode).toBe(400);
    await ok(editor, 'DELETE', `/api/admin/navigation/${parent.id}.json`);
    const after = await ok<{ id: number }[]>(editor, 'GET', '/api/admin/navigation.json');
    expect(after.map((row) => row.id)).not.toContain(first.id);
  });
});
