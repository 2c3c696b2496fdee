/**
 * The studio site pages through the real app with the demo seed: who sees which link and page,
 * the placement preview, the route rule tester, a settings error that keeps what was typed, and
 * the no-JavaScript image fallback (the file is sent with the form). Needs the built app.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeHtml, getPage, nextClientAddress, SAME_ORIGIN, signIn, submitForm } from '../helpers/auth.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';

let t: TestContext;
let editor: string;
let admin: string;

const get = (url: string, cookie = '') => getPage(t, url, cookie);

beforeAll(async () => {
  t = await createTestContext({ pages: true, seed: true });
  editor = (await signIn(t, 'bientap@khaitri.vn', 'KhaiTri@2026')).cookie.cookie;
  admin = (await signIn(t, 'quantri@khaitri.vn', 'KhaiTri@2026')).cookie.cookie;
});
afterAll(async () => {
  await t?.close();
});

describe('studio site pages', () => {
  it('shows editors the content pages and keeps settings and route rules for admins', async () => {
    const home = (await get('/studio', editor)).body;
    for (const link of ['/studio/banner', '/studio/menu', '/studio/giang-vien', '/studio/chu-de'])
      expect(home).toContain(`href="${link}"`);
    expect(home).not.toContain('href="/studio/cau-hinh"');
    expect((await get('/studio/cau-hinh', editor)).statusCode).toBe(403);
    expect((await get('/studio/dieu-huong', editor)).statusCode).toBe(403);
    expect((await get('/studio/cau-hinh', admin)).statusCode).toBe(200);
    const learner = (await signIn(t, 'hocvien@khaitri.vn', 'KhaiTri@2026')).cookie.cookie;
    expect((await get('/studio/banner', learner)).statusCode).toBe(403);
    for (const url of ['/studio/menu', '/studio/giang-vien', '/studio/chu-de', '/studio/banner/moi'])
      expect((await get(url, editor)).statusCode, url).toBe(200);
  });

  it('lists banners per placement and previews what is live and what is not', async () => {
    const list = decodeHtml((await get('/studio/banner?placement=1&q=khai%20giang', editor)).body);
    expect(list).toContain('Khai giảng khóa hè (lên lịch)');
    expect(list).toContain('Ngoài thời gian');
    const preview = decodeHtml((await get('/studio/banner/vi-tri/1', editor)).body).replace(/<!-- -->/g, '');
    expect(preview).toContain('data-placement="1"');
    expect(preview).toMatch(/Khai giảng khóa hè \(lên lịch\)<\/a>\s*—\s*ngoài thời gian hiển thị/);
    expect(preview).toMatch(/Banner thử nghiệm \(đang tắt\)<\/a>\s*—\s*đang tắt/);
    expect((await get('/studio/banner/vi-tri/27', editor)).statusCode).toBe(404);
  });

  it('tests a path against the route rules', async () => {
    const off = decodeHtml((await get('/studio/dieu-huong?thu=/uu-dai-cu', admin)).body);
    expect(off).toContain('Không có quy tắc nào');
    const created = await submitForm(
      t,
      '/studio/dieu-huong',
      { intent: 'create', path: '/hoc-thu', target: '/khoa-hoc', status_code: '302', is_active: 'on' },
      admin,
    );
    expect(created.statusCode).toBe(200);
    const on = decodeHtml((await get('/studio/dieu-huong?thu=%2FHoc-Thu%2F', admin)).body);
    expect(on).toContain('Chuyển hướng 302 tới trang trong site: /khoa-hoc');
    const visit = await get('/hoc-thu');
    expect([visit.statusCode, visit.headers.location]).toEqual([302, '/khoa-hoc']);
  });

  it('keeps what was typed when the settings are refused', async () => {
    const response = await submitForm(
      t,
      '/studio/cau-hinh',
      { NUMBER_STUDENT: '12a', COLOR_BANNER_HOME: 'xanh lam' },
      admin,
    );
    expect(response.statusCode).toBe(400);
    const html = decodeHtml(response.body);
    expect(html).toContain('value="xanh lam"');
    expect(html).toContain('Số học viên phải là số nguyên không âm.');
  });

  it('crops the centre of a picture sent with the form (no JavaScript)', async () => {
    const picture = await sharp({ create: { width: 900, height: 300, channels: 3, background: '#16a34a' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('full_name', 'Lê Thị Thu Hà');
    form.append('avatar', '');
    form.append('is_active', 'on');
    form.append('avatar_file', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'ha.png');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const response = await t.app.inject({
      method: 'POST',
      url: '/studio/giang-vien/moi',
      payload: Buffer.from(await request.arrayBuffer()),
      headers: {
        'content-type': request.headers.get('content-type')!,
        host: 'localhost:3000',
        ...SAME_ORIGIN,
        cookie: editor,
      },
      remoteAddress: nextClientAddress(),
    });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(302);
    const id = Number(/\/studio\/giang-vien\/(\d+)/.exec(String(response.headers.location))![1]);
    const teacher = await t.services.catalogAdmin.teacher(id);
    expect(teacher.avatar).toMatch(/\/uploads\/studio\/teacher-avatar\/[0-9a-f]+\.webp$/);
    const stored = await fs.readFile(
      path.join(t.uploadsDir, ...teacher.avatar!.replace(/^.*\/uploads\//, '').split('/')),
    );
    const meta = await sharp(stored).metadata();
    expect([meta.width, meta.height]).toEqual([512, 512]);
  });
});
