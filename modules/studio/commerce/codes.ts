/**
 * Studio activation-code batches: a batch is the codes sharing a `batch` name (the CLI's --batch).
 * List, generate (through the CLI's generator), the codes of a batch as a page or CSV, who redeemed
 * them, and revoking a whole batch or one code (a revoked code is refused at /active).
 */
import { sql, type Kysely } from 'kysely';
import { nowIso } from '../../../db/connect.ts';
import type { Database } from '../../../db/schema.ts';
import { iso, isoOrNull } from '../../../kernel/db/index.ts';
import { toCsv } from '../../../kernel/http/index.ts';
import { AppError } from '../../../lib/errors.ts';
import { describePackageLabel } from '../../../lib/format/price-periods.ts';
import { foldVietnamese } from '../../../lib/text/fold.ts';
import { formatActivationCode, normaliseActivationCode } from '../../activation/activation-code.ts';
import { generateActivationBatch } from '../../activation/activation-batches.ts';
import type { Actor, Page } from '../studio.service.ts';
import type { BatchInputForm } from './schemas.ts';

type Audit = (
  actor: Actor,
  action: string,
  target: { type: string; id: string | number },
  summary: unknown,
) => Promise<unknown>;

export const BATCH_NOT_FOUND = 'Không tìm thấy lô mã kích hoạt.';

export function createStudioCodes({ db, audit }: { db: Kysely<Database>; audit: Audit }) {
  function batchSummaries() {
    return db
      .selectFrom('activation_codes')
      .innerJoin('courses', 'courses.id', 'activation_codes.course_id')
      .select((eb) => [
        'activation_codes.batch',
        eb.fn.min('activation_codes.course_id').as('course_id'),
        eb.fn.min('courses.title').as('course_title'),
        eb.fn.min('activation_codes.pod_id').as('pod_id'),
        eb.fn.countAll<number>().as('codes'),
        eb.fn.sum<number>('activation_codes.is_active').as('active_codes'),
        eb.fn.sum<number>('activation_codes.used').as('uses'),
        eb.fn.min('activation_codes.created_at').as('created_at'),
        eb.fn.max('activation_codes.ends_at').as('ends_at'),
      ])
      .groupBy('activation_codes.batch');
  }

  function toBatch(row: Awaited<ReturnType<ReturnType<typeof batchSummaries>['execute']>>[number]) {
    return {
      batch: row.batch,
      course_id: Number(row.course_id),
      course_title: String(row.course_title),
      pod_id: row.pod_id === null ? null : Number(row.pod_id),
      codes: Number(row.codes),
      active_codes: Number(row.active_codes ?? 0),
      uses: Number(row.uses ?? 0),
      created_at: iso(row.created_at as string),
      ends_at: isoOrNull(row.ends_at as string | null),
    };
  }

  /** Batches, newest first; the search is folded over the batch name and the course title. */
  async function list(query: Page & { q?: string | undefined }) {
    const q = foldVietnamese(query.q);
    const rows = (await batchSummaries().execute())
      .map(toBatch)
      .filter((row) => !q || foldVietnamese(`${row.batch.replace(/[-_]/g, ' ')} ${row.course_title}`).includes(q))
      .sort((a, b) => b.created_at.localeCompare(a.created_at) || a.batch.localeCompare(b.batch));
    const offset = (query.page - 1) * query.limit;
    return { items: rows.slice(offset, offset + query.limit), total: rows.length };
  }

  async function summary(batch: string) {
    const row = await batchSummaries().where('activation_codes.batch', '=', batch).executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', BATCH_NOT_FOUND);
    return toBatch(row);
  }

  function codesOf(batch: string) {
    return db.selectFrom('activation_codes').where('batch', '=', batch);
  }

  async function codes(batch: string, page: Page) {
    const rows = await codesOf(batch)
      .select(['id', 'code', 'max_uses', 'used', 'access_days', 'starts_at', 'ends_at', 'is_active'])
      .orderBy('id')
      .limit(page.limit)
      .offset((page.page - 1) * page.limit)
      .execute();
    return rows.map((row) => ({
      ...row,
      printed: formatActivationCode(row.code),
      starts_at: iso(row.starts_at),
      ends_at: isoOrNull(row.ends_at),
      is_active: row.is_active === 1,
    }));
  }

  async function redemptions(batch: string) {
    const rows = await db
      .selectFrom('activation_redemptions')
      .innerJoin('activation_codes', 'activation_codes.id', 'activation_redemptions.code_id')
      .innerJoin('users', 'users.id', 'activation_redemptions.user_id')
      .select([
        'activation_redemptions.id',
        'activation_redemptions.created_at',
        'activation_codes.code',
        'users.id as user_id',
        'users.full_name',
        'users.phone',
        'users.email',
      ])
      .where('activation_codes.batch', '=', batch)
      .orderBy('activation_redemptions.id', 'desc')
      .limit(500)
      .execute();
    return rows.map((row) => ({ ...row, printed: formatActivationCode(row.code), created_at: iso(row.created_at) }));
  }

  async function detail(batch: string, page: Page) {
    const head = await summary(batch);
    return {
      ...head,
      codes_page: { items: await codes(batch, page), page: page.page, limit: page.limit, total: head.codes },
      redemptions: await redemptions(batch),
    };
  }

  /** Every code of the batch, printable (XXXX-XXXX-XXXX) and raw, with its limits and state. */
  async function csv(batch: string) {
    const head = await summary(batch);
    const rows = await codes(batch, { page: 1, limit: 100_000 });
    return toCsv(
      ['code', 'printed', 'course', 'package', 'uses', 'used', 'access_days', 'valid_from', 'valid_until', 'active'],
      rows.map((row) => [
        row.code,
        formatActivationCode(row.code),
        head.course_title,
        head.pod_id,
        row.max_uses,
        row.used,
        row.access_days,
        row.starts_at,
        row.ends_at,
        row.is_active ? 'yes' : 'no',
      ]),
    );
  }

  async function generate(actor: Actor, input: BatchInputForm) {
    const [kind, rawId] = input.target.split(':') as ['course' | 'pod', string];
    const id = Number(rawId);
    const stamp = nowIso().slice(0, 16).replace(/[-:T]/g, '');
    const batch = input.name ?? `lo-${stamp}-${Math.random().toString(36).slice(2, 6)}`;
    const exists = await codesOf(batch).select('id').limit(1).executeTakeFirst();
    if (exists)
      throw new AppError('CONFLICT', 'Tên lô đã được dùng.', { name: 'Tên lô đã được dùng, vui lòng chọn tên khác.' });
    const generated = await generateActivationBatch(db, {
      target: kind === 'pod' ? { podId: id } : { courseId: id },
      count: input.count,
      uses: input.uses,
      accessDays: input.access_days ?? null,
      startsAt: input.starts_at ? new Date(input.starts_at) : new Date(),
      endsAt: input.ends_at ? new Date(input.ends_at) : null,
      batch,
    });
    await audit(
      actor,
      'activation_batch.generate',
      { type: 'activation_batch', id: batch },
      {
        course_id: generated.course.id,
        pod_id: generated.podId,
        count: input.count,
        uses: input.uses,
        ends_at: input.ends_at ?? null,
      },
    );
    return {
      batch,
      count: generated.codes.length,
      course: generated.course,
      pod_id: generated.podId,
      codes: generated.codes.map((row) => row.code),
    };
  }

  async function revokeBatch(actor: Actor, batch: string, reason: string | undefined) {
    await summary(batch);
    const result = await codesOf(batch).select('id').execute();
    const updated = await db
      .updateTable('activation_codes')
      .set({ is_active: 0 })
      .where('batch', '=', batch)
      .where('is_active', '=', 1)
      .executeTakeFirst();
    const revoked = Number(updated.numUpdatedRows);
    await audit(
      actor,
      'activation_batch.revoke',
      { type: 'activation_batch', id: batch },
      {
        codes: result.length,
        revoked,
        reason: reason ?? null,
      },
    );
    return { batch, revoked };
  }

  async function revokeCode(actor: Actor, rawCode: string, reason: string | undefined) {
    const code = normaliseActivationCode(rawCode);
    const row = await db
      .selectFrom('activation_codes')
      .select(['id', 'batch', 'is_active'])
      .where('code', '=', code)
      .executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', 'Không tìm thấy mã kích hoạt.');
    const updated = await db
      .updateTable('activation_codes')
      .set({ is_active: sql<number>`0` })
      .where('id', '=', row.id)
      .where('is_active', '=', 1)
      .executeTakeFirst();
    const revoked = Number(updated.numUpdatedRows);
    await audit(
      actor,
      'activation_code.revoke',
      { type: 'activation_code', id: code },
      {
        batch: row.batch,
        already_revoked: revoked === 0,
        reason: reason ?? null,
      },
    );
    return { batch: row.batch, revoked };
  }

  /** What a batch may be bound to, for the studio's form: each course, then each of its packages. */
  async function targets() {
    const rows = await db
      .selectFrom('courses')
      .leftJoin('course_pods', 'course_pods.course_id', 'courses.id')
      .select(['courses.id', 'courses.title', 'course_pods.id as pod_id', 'course_pods.name', 'course_pods.cycle'])
      .orderBy('courses.title')
      .orderBy('course_pods.position')
      .orderBy('course_pods.id')
      .limit(2000)
      .execute();
    const options: { value: string; label: string }[] = [];
    for (const row of rows) {
      if (!options.some((o) => o.value === `course:${row.id}`))
        options.push({ value: `course:${row.id}`, label: `${row.title} — cả khóa` });
      if (row.pod_id !== null)
        options.push({
          value: `pod:${row.pod_id}`,
          label: `${row.title} — gói ${row.name ?? describePackageLabel(row.cycle)}`,
        });
    }
    return options;
  }

  return { list, detail, csv, generate, revokeBatch, revokeCode, targets };
}
