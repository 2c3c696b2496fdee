/** Partnership requests, shared by the tests and the demo seed. */
import type { Insertable, Kysely } from 'kysely';
import type { Database, PartnershipRequestsTable } from '../../db/schema.ts';
import { formatPhone } from '../../lib/phone.ts';
import { foldVietnamese } from '../../lib/text/fold.ts';
import { insertRequest } from '../../modules/partnerships/partnerships.repository.ts';

let sequence = 0;

export async function createPartnershipRequest(
  db: Kysely<Database>,
  overrides: Partial<Insertable<PartnershipRequestsTable>> = {},
  at = new Date(),
): Promise<number> {
  sequence += 1;
  const values = {
    kind: 'school' as const,
    organization: `Trường THCS Nguyễn Du ${sequence}`,
    contact_name: 'Nguyễn Thị Hoa',
    phone: `8491200${String(sequence % 10_000).padStart(4, '0')}`,
    email: `hop-tac-${sequence}@truong.edu.vn`,
    needs: 'Cần triển khai lớp học trực tuyến cho khối 6 và khối 7.',
    learners: 450,
    source_path: '/giai-phap',
    ip: '127.0.0.1',
    created_at: at.toISOString(),
    updated_at: at.toISOString(),
    ...overrides,
  };
  return insertRequest(db, {
    ...values,
    search_text:
      overrides.search_text ??
      foldVietnamese(`${values.organization} ${values.contact_name} ${values.email} ${formatPhone(values.phone)}`),
  });
}
