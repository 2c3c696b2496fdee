/**
 * The studio's operations on activation codes: a batch is the codes sharing a `batch` name (the
 * CLI's --batch). List, generate (through the CLI's generator), the codes of a batch as a page or
 * CSV, who redeemed them, and revoking a whole batch or one code (a revoked code is refused at
 * /active). Writes are audited through the studio's log; course titles and packages come from the
 * catalog and the learners from accounts (all passed in by modules/services.ts).
 */
import { nowIso } from '../../db/connect.ts';
import type { AuditLog } from '../../kernel/auth/index.ts';
import { iso, isoOrNull, type Db } from '../../kernel/db/index.ts';
import { toCsv } from '../../kernel/http/index.ts';
import { AppError } from '../../lib/errors.ts';
import { describePackageLabel } from '../../lib/format/price-periods.ts';
import { foldVietnamese } from '../../lib/text/fold.ts';
import type { BatchInputForm } from './activation.admin.schemas.ts';
import { formatActivationCode, normaliseActivationCode } from './activation-code.ts';
import { generateActivationBatch } from './activation-batches.ts';
import * as repo from './activation.repository.ts';

export const BATCH_NOT_FOUND = 'Không tìm thấy lô mã kích hoạt.';

interface Page {
  page: number;
  limit: number;
}

export interface ActivationAdminDeps<Actor> {
  db: Db;
  /** The studio's audit log (the actor is the studio's: passed on, never read here). */
  audit: AuditLog<Actor>;
  catalog: {
    /** Ids and titles of the courses found among `ids`. */
    titlesOf(kind: 'courses', ids: number[]): Promise<{ id: number; title: string }[]>;
    /** Every course with each of its packages, by title. */
    coursesWithPackages(): Promise<
      { id: number; title: string; pod_id: number | null; name: string | null; cycle: number | null }[]
    >;
  };
  /** Accounts: names and contacts of users by id. */
  accounts: {
    contactsOf(ids: number[]): Promise<{ id: number; full_name: string; phone: string | null; email: string | null }[]>;
  };
}

export type ActivationAdmin<Actor> = ReturnType<typeof createActivationAdmin<Actor>>;

export function createActivationAdmin<Actor>({ db, audit, catalog, accounts }: ActivationAdminDeps<Actor>) {
  /** The batches' rows with their course titles. */
  async function withTitles(rows: repo.BatchSummaryRow[]) {
    const titles = new Map(
      (
        await catalog.titlesOf(
          'courses',
          rows.map((row) => Number(row.course_id)),
        )
      ).map((c) => [c.id, c.title]),
    );
    return rows
      .filter((row) => titles.has(Number(row.course_id)))
      .map((row) => ({
        batch: row.batch,
        course_id: Number(row.course_id),
        course_title: titles.get(Number(row.course_id))!,
        pod_id: row.pod_id === null ? null : Number(row.pod_id),
        codes: Number(row.codes),
        active_codes: Number(row.active_codes ?? 0),
        uses: Number(row.uses ?? 0),
        created_at: iso(row.created_at as string),
        ends_at: isoOrNull(row.ends_at as string | null),
      }));
  }

  /** Batches, newest first; the search is folded over the batch name and the course title. */
  async function list(query: Page & { q?: string | undefined }) {
    const q = foldVietnamese(query.q);
    const rows = (await withTitles(await repo.batchSummaries(db).execute()))
      .filter((row) => !q || foldVietnamese(`${row.batch.replace(/[-_]/g, ' ')} ${row.course_title}`).includes(q))
      .sort((a, b) => b.created_at.localeCompare(a.created_at) || a.batch.localeCompare(b.batch));
    const offset = (query.page - 1) * query.limit;
    return { items: rows.slice(offset, offset + query.limit), total: rows.length };
  }

  async function summary(batch: string) {
    const row = await repo.batchSummaries(db).where('batch', '=', batch).executeTakeFirst();
    const [head] = row ? await withTitles([row]) : [];
    if (!head) throw new AppError('NOT_FOUND', BATCH_NOT_FOUND);
    return head;
  }

  async function codes(batch: string, page: Page) {
    const rows = await repo.listBatchCodes(db, batch, page);
    return rows.map((row) => ({
      ...row,
      printed: formatActivationCode(row.code),
      starts_at: iso(row.starts_at),
      ends_at: isoOrNull(row.ends_at),
      is_active: row.is_active === 1,
    }));
  }

  async function redemptions(batch: string) {
    const rows = await repo.listBatchRedemptions(db, batch, 500);
    const people = new Map((await accounts.contactsOf(rows.map((row) => row.user_id))).map((u) => [u.id, u]));
    return rows
      .filter((row) => people.has(row.user_id))
      .map((row) => {
        const { full_name, phone, email } = people.get(row.user_id)!;
        return {
          id: row.id,
          created_at: iso(row.created_at),
          code: row.code,
          printed: formatActivationCode(row.code),
          user_id: row.user_id,
          full_name,
          phone,
          email,
        };
      });
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
    const exists = await repo.codesOfBatch(db, batch).select('id').limit(1).executeTakeFirst();
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
    const summary = {
      course_id: generated.course.id,
      pod_id: generated.podId,
      count: input.count,
      uses: input.uses,
      ends_at: input.ends_at ?? null,
    };
    await audit(actor, 'activation_batch.generate', { type: 'activation_batch', id: batch }, summary);
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
    const codes = await repo.codesOfBatch(db, batch).select('id').execute();
    const revoked = await repo.revokeBatch(db, batch);
    const summaryOf = { codes: codes.length, revoked, reason: reason ?? null };
    await audit(actor, 'activation_batch.revoke', { type: 'activation_batch', id: batch }, summaryOf);
    return { batch, revoked };
  }

  async function revokeCode(actor: Actor, rawCode: string, reason: string | undefined) {
    const code = normaliseActivationCode(rawCode);
    const row = await repo.findCodeBatch(db, code);
    if (!row) throw new AppError('NOT_FOUND', 'Không tìm thấy mã kích hoạt.');
    const revoked = await repo.revokeCode(db, row.id);
    const summaryOf = { batch: row.batch, already_revoked: revoked === 0, reason: reason ?? null };
    await audit(actor, 'activation_code.revoke', { type: 'activation_code', id: code }, summaryOf);
    return { batch: row.batch, revoked };
  }

  /** What a batch may be bound to, for the studio's form: each course, then each of its packages. */
  async function targets() {
    const options: { value: string; label: string }[] = [];
    for (const row of await catalog.coursesWithPackages()) {
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
