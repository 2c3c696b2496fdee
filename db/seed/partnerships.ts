import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { createPartnershipRequest } from '../../tests/factories/partnerships.ts';

const DAY = 86_400_000;

/** Partnership requests in every state, as the studio's "Hợp tác" page shows them (idempotent). */
export async function seedPartnerships(db: Kysely<Database>): Promise<void> {
  const existing = await db.selectFrom('partnership_requests').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  const now = Date.now();
  const requests = [
    {
      kind: 'school' as const,
      organization: 'Trường THPT Chu Văn An',
      contact_name: 'Lê Minh Tuấn',
      phone: '84983111222',
      email: 'tuanlm@chuvanan.edu.vn',
      needs: 'Nhà trường muốn dùng thư viện bài giảng ôn thi tốt nghiệp cho 12 lớp khối 12.',
      learners: 520,
      source_path: '/giai-phap',
      status: 'new' as const,
    },
    {
      kind: 'partner' as const,
      organization: 'Công ty CP Giáo dục Ánh Dương',
      contact_name: 'Phạm Thu Trang',
      phone: '84936222333',
      email: 'trang.pham@anhduong.vn',
      needs: 'Hợp tác phân phối khóa học tiếng Anh cho doanh nghiệp qua kênh nhà mạng.',
      learners: 3000,
      source_path: '/giai-phap',
      status: 'contacted' as const,
      notes: 'Đã gọi điện ngày 18/11, hẹn gửi báo giá.',
    },
    {
      kind: 'teacher' as const,
      organization: 'Trung tâm Toán tư duy Sao Mai',
      contact_name: 'Đỗ Quang Huy',
      phone: '84912444555',
      email: 'huydq@saomai.edu.vn',
      needs: 'Giáo viên muốn đưa khóa Toán tư duy lớp 3 lên nền tảng.',
      learners: 80,
      source_path: '/giang-vien-hidden/nguyen-van-an',
      status: 'won' as const,
      notes: 'Đã ký hợp đồng, chờ quay video.',
    },
    {
      kind: 'school' as const,
      organization: 'Trường Tiểu học Đống Đa',
      contact_name: 'Vũ Thị Lan',
      phone: '84977666777',
      email: 'lanvt@dongda.edu.vn',
      needs: 'Tìm hiểu giải pháp trường học số, chưa có ngân sách năm nay.',
      learners: null,
      source_path: '/giai-phap',
      status: 'lost' as const,
      notes: 'Hẹn liên hệ lại năm học sau.',
    },
  ];
  for (const [index, request] of requests.entries()) {
    await createPartnershipRequest(db, request, new Date(now - (requests.length - index) * 2 * DAY));
  }
}
