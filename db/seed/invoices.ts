/**
 * Demo e-invoices (decision 0021): the demo learner's paid, completed orders already carry their
 * issued invoice, as the `invoices.issue` job and the provider simulator would have left them —
 * numbered from 1 in the template and series of the year they were paid, with a lookup code, so the
 * order page shows "Hóa đơn điện tử" and its PDF at once.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

const LOOKUP_CODES = ['KT8M2QX7RJ4P', 'KT5HV9NC3WAE', 'KT7GD4ZB6TUY', 'KT2FS8LK9XMQ'];

export async function seedInvoices(db: Kysely<Database>, learnerId: number): Promise<void> {
  const learner = await db
    .selectFrom('users')
    .select(['full_name', 'phone', 'email'])
    .where('id', '=', learnerId)
    .executeTakeFirstOrThrow();
  const orders = await db
    .selectFrom('orders')
    .select(['id', 'code', 'total', 'paid_at'])
    .where('user_id', '=', learnerId)
    .where('status', '=', 'completed')
    .where('total', '>', 0)
    .orderBy('id')
    .limit(LOOKUP_CODES.length)
    .execute();
  const numbers = new Map<string, number>();
  for (const [index, order] of orders.entries()) {
    const paidAt = new Date(order.paid_at ?? Date.now());
    const year = new Date(paidAt.getTime() + 7 * 3_600_000).getUTCFullYear() % 100;
    const series = `C${String(year).padStart(2, '0')}TKT`;
    const number = (numbers.get(series) ?? 0) + 1;
    numbers.set(series, number);
    const at = paidAt.toISOString();
    const lookup = LOOKUP_CODES[index]!;
    await db
      .insertInto('invoices')
      .values({
        order_id: order.id,
        order_code: order.code,
        user_id: learnerId,
        kind: 'original',
        original_id: null,
        state: 'issued',
        template: '1',
        series,
        number,
        lookup_code: lookup,
        provider_id: `SIM-1${series}-${number}`,
        amount_before_vat: order.total,
        vat_rate: 0,
        vat: 0,
        total: order.total,
        buyer_kind: 'personal',
        buyer_name: learner.full_name,
        buyer_phone: learner.phone,
        buyer_email: learner.email,
        buyer_tax_code: null,
        buyer_address: null,
        attempts: 1,
        last_error: null,
        issued_at: at,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await db
      .insertInto('invoice_simulator_issues')
      .values({
        request_key: `khai-tri-seed-${order.id}`,
        template: '1',
        series,
        number,
        lookup_code: lookup,
        created_at: at,
      })
      .execute();
  }
  for (const [series, last] of numbers)
    await db.insertInto('invoice_sequences').values({ template: '1', series, last_number: last }).execute();
}
