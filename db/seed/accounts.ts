import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { createNotification, createUser } from '../../tests/factories/accounts.ts';

/** The demo learner, editor and admin of PRODUCT.md "Demo accounts", with a few notifications. */
export async function seedAccounts(db: Kysely<Database>): Promise<{ learnerId: number }> {
  const learner = await createUser(db, {
    phone: '84912345678',
    email: 'hocvien@khaitri.vn',
    full_name: 'Nguyễn Thị Hồng Nhung',
    birthday: '2004-09-02',
    gender: 'female',
    province_code: '01',
    ward_code: '00082',
    address_detail: 'Số 12 phố Trần Hưng Đạo',
    email_verified_at: new Date().toISOString(),
  });
  await createUser(db, { email: 'bientap@khaitri.vn', full_name: 'Biên tập viên Khai Trí', role: 'editor' });
  await createUser(db, { email: 'quantri@khaitri.vn', full_name: 'Quản trị viên Khai Trí', role: 'admin' });
  const day = 24 * 3_600_000;
  await createNotification(db, learner.id, {
    kind: 'welcome',
    title: 'Chào mừng bạn đến với Khai Trí',
    body: 'Tài khoản của bạn đã sẵn sàng. Hãy khám phá các khóa học miễn phí và bắt đầu học ngay hôm nay.',
    link: '/khoa-hoc',
    created_at: new Date(Date.now() - 3 * day).toISOString(),
    read_at: new Date(Date.now() - 2 * day).toISOString(),
  });
  await createNotification(db, learner.id, {
    kind: 'promotion',
    title: 'Ưu đãi 30% với mã CHAOBAN',
    body: 'Nhập mã CHAOBAN khi thanh toán để được giảm 30% (tối đa 300.000đ) cho một đơn hàng.',
    link: '/tai-khoan/uu-dai',
    created_at: new Date(Date.now() - day).toISOString(),
  });
  await createNotification(db, learner.id, {
    kind: 'system',
    title: 'Bảo mật tài khoản',
    body: 'Bạn có thể xem lịch sử đăng nhập và đăng xuất khỏi các thiết bị khác trong trang Hồ sơ.',
    link: '/tai-khoan/ho-so',
  });
  return { learnerId: learner.id };
}
