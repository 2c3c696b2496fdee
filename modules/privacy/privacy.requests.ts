/**
 * The learner's export and deletion requests (decision 0024). Each is acknowledged when made (the
 * page and the studio show it) and carries the law's deadline. At most one of each kind is open per
 * learner (a partial unique index: a second request, even at the same instant, answers the open one).
 *
 * Export: the `privacy.export` job gathers every section, stores the JSON and the HTML under the
 * private `privacy/` prefix and completes the request; a repeated run writes the same keys. Only the
 * owner downloads them (another learner's id is 404).
 * Deletion: a waiting period the learner may cancel, then the periodic `privacy.deletions` job claims
 * the request, erases the personal fields (accounts, linked sign-ins; sessions end), what the learner
 * wrote (notes deleted, comments' text replaced by a marker) and the export files, and completes it. Orders, payments and invoices are kept: the law requires them.
 */
import type { Kysely } from 'kysely';
import { readDate } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { AppError, isUniqueViolation } from '../../lib/errors.ts';
import type { JobQueue } from '../jobs/index.ts';
import { collectExport, exportHtml, exportJson, type ExportSection } from './privacy.export.ts';
import * as repo from './privacy.repository.ts';
import type { DataRequestKind, DataRequestRow } from './privacy.table.ts';
import { DELETION_DUE_DAYS, EXPORT_DUE_DAYS, REQUEST_STATE_LABELS } from './public.ts';

export const EXPORT_QUEUE = 'privacy.export';
export const REQUEST_NOT_FOUND = 'Không tìm thấy yêu cầu.';
const DAY_MS = 86_400_000;

/** What the module needs of the object storage (modules/media's driver, passed in). */
export interface PrivacyStorage {
  putObject(key: string, body: Buffer, contentType: string, options?: { private?: boolean }): Promise<void>;
  getObject(key: string): Promise<Buffer | null>;
  deleteObject(key: string): Promise<void>;
}

export interface RequestsDeps {
  db: Kysely<Database>;
  jobs: JobQueue;
  storage: PrivacyStorage;
  sections: ExportSection[];
  siteName: string;
  deletionWaitDays: number;
  /** Erases the account's personal fields wherever they live (the composition root joins the owners). */
  erase(userId: number): Promise<void>;
  now: () => Date;
}

const iso = (value: Date | string | null) => (value === null ? null : readDate(value).toISOString());
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

export function toRequestView(row: DataRequestRow) {
  const downloadable = row.kind === 'export' && row.state === 'completed' && row.json_key !== null;
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    state_label: REQUEST_STATE_LABELS[row.state],
    created_at: iso(row.created_at)!,
    acknowledged_at: iso(row.acknowledged_at),
    due_at: iso(row.due_at)!,
    scheduled_for: iso(row.scheduled_for),
    completed_at: iso(row.completed_at),
    cancelled_at: iso(row.cancelled_at),
    files: downloadable
      ? {
          json: `/api/user/privacy/exports/${row.id}/json`,
          html: `/api/user/privacy/exports/${row.id}/html`,
        }
      : null,
  };
}

export type RequestView = ReturnType<typeof toRequestView>;

export function createRequests(deps: RequestsDeps) {
  const { db, jobs, storage } = deps;
  let defined: Promise<void> | undefined;
  const ready = () =>
    (defined ??= jobs.define(EXPORT_QUEUE, {
      unique: true,
      retryLimit: 5,
      retryDelaySeconds: 30,
      retryBackoff: true,
      expireInSeconds: 10 * 60,
      immediate: true,
    }));

  async function enqueueExport(requestId: number) {
    await ready();
    await jobs.send(EXPORT_QUEUE, { requestId }, { singletonKey: `privacy-export:${requestId}` });
  }

  /** Inserts the request, or answers the open one of that kind (a second tap, a race). */
  async function open(userId: number, kind: DataRequestKind, extra: { waitMs?: number; state: 'pending' | 'waiting' }) {
    const existing = await repo.openRequest(db, userId, kind);
    if (existing) return { row: existing, created: false };
    const now = deps.now();
    const at = now.toISOString();
    try {
      const id = await repo.insertRequest(db, {
        user_id: userId,
        kind,
        state: extra.state,
        acknowledged_at: at,
        due_at: new Date(
          now.getTime() + (kind === 'export' ? EXPORT_DUE_DAYS : DELETION_DUE_DAYS) * DAY_MS,
        ).toISOString(),
        scheduled_for: extra.waitMs === undefined ? null : new Date(now.getTime() + extra.waitMs).toISOString(),
        created_at: at,
        updated_at: at,
      });
      return { row: (await repo.findRequest(db, id))!, created: true };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const winner = await repo.openRequest(db, userId, kind);
      if (!winner) throw error;
      return { row: winner, created: false };
    }
  }

  async function deleteExportFiles(userId: number, exceptId?: number) {
    const rows = (await repo.completedExports(db, userId)).filter((row) => row.id !== exceptId);
    for (const row of rows) for (const key of [row.json_key, row.html_key]) if (key) await storage.deleteObject(key);
    await repo.forgetExportFiles(
      db,
      rows.map((row) => row.id),
      deps.now().toISOString(),
    );
  }

  /** The export job: idempotent (a completed request is left alone; a rerun writes the same keys). */
  async function runExport(requestId: number) {
    const row = await repo.findRequest(db, requestId);
    if (!row || row.kind !== 'export' || row.state === 'completed' || row.state === 'cancelled') return;
    const startedAt = deps.now();
    await repo.moveRequest(db, row.id, ['pending', 'failed', 'processing'], {
      state: 'processing',
      attempts: row.attempts + 1,
      updated_at: startedAt.toISOString(),
    });
    try {
      const document = await collectExport(deps.sections, row.user_id, startedAt);
      const base = `privacy/exports/${row.user_id}/${row.id}`;
      const jsonKey = `${base}/du-lieu-cua-toi.json`;
      const htmlKey = `${base}/du-lieu-cua-toi.html`;
      await storage.putObject(jsonKey, exportJson(document), 'application/json; charset=utf-8', { private: true });
      await storage.putObject(htmlKey, exportHtml(document, deps.siteName), 'text/html; charset=utf-8', {
        private: true,
      });
      const done = deps.now().toISOString();
      await repo.moveRequest(db, row.id, ['processing'], {
        state: 'completed',
        json_key: jsonKey,
        html_key: htmlKey,
        completed_at: done,
        last_error: null,
        updated_at: done,
      });
      // Only the newest export stays downloadable.
      await deleteExportFiles(row.user_id, row.id);
    } catch (error) {
      await repo.moveRequest(db, row.id, ['processing'], {
        state: 'failed',
        last_error: errorText(error),
        updated_at: deps.now().toISOString(),
      });
      throw error;
    }
  }

  /** Claims a due deletion and carries it out; false when another run took it. */
  async function runDeletion(requestId: number): Promise<boolean> {
    const row = await repo.findRequest(db, requestId);
    if (!row || row.kind !== 'deletion') return false;
    const claimed = await repo.moveRequest(db, row.id, ['waiting'], {
      state: 'processing',
      attempts: row.attempts + 1,
      updated_at: deps.now().toISOString(),
    });
    if (!claimed) return false;
    try {
      await deps.erase(row.user_id);
      await deleteExportFiles(row.user_id);
      const done = deps.now().toISOString();
      await repo.moveRequest(db, row.id, ['processing'], {
        state: 'completed',
        completed_at: done,
        last_error: null,
        updated_at: done,
      });
      return true;
    } catch (error) {
      // Back to waiting (already due): the next run tries again; the studio sees the error.
      await repo.moveRequest(db, row.id, ['processing'], {
        state: 'waiting',
        last_error: errorText(error),
        updated_at: deps.now().toISOString(),
      });
      throw error;
    }
  }

  return {
    enqueueExport,
    runExport,
    runDeletion,

    async registerJobs() {
      await ready();
      await jobs.work<{ requestId: number }>(EXPORT_QUEUE, (job) => runExport(Number(job.data.requestId)));
    },

    async latest(userId: number, kind: DataRequestKind) {
      const row = await repo.latestRequest(db, userId, kind);
      return row ? toRequestView(row) : null;
    },

    async requestExport(userId: number) {
      const { row, created } = await open(userId, 'export', { state: 'pending' });
      if (created) await enqueueExport(row.id);
      return { request: toRequestView(row), created };
    },

    /** One of the learner's export files; another learner's (or an unfinished) export is 404. */
    async download(userId: number, requestId: number, format: 'json' | 'html') {
      const row = await repo.findOwnRequest(db, userId, requestId);
      const key =
        row?.kind === 'export' && row.state === 'completed' ? (format === 'json' ? row.json_key : row.html_key) : null;
      const body = key ? await storage.getObject(key) : null;
      if (!body) throw new AppError('NOT_FOUND', REQUEST_NOT_FOUND);
      return {
        body,
        fileName: `du-lieu-cua-toi-${requestId}.${format}`,
        contentType: format === 'json' ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8',
      };
    },

    async requestDeletion(userId: number) {
      const waitMs = deps.deletionWaitDays * DAY_MS;
      const { row, created } = await open(userId, 'deletion', { state: 'waiting', waitMs });
      return { request: toRequestView(row), created };
    },

    async cancelDeletion(userId: number) {
      const row = await repo.openRequest(db, userId, 'deletion');
      const at = deps.now().toISOString();
      if (
        !row ||
        !(await repo.moveRequest(db, row.id, ['waiting'], { state: 'cancelled', cancelled_at: at, updated_at: at }))
      )
        throw new AppError('BUSINESS_RULE', 'Không có yêu cầu xóa tài khoản nào đang chờ để hủy.');
      return toRequestView((await repo.findRequest(db, row.id))!);
    },

    /** The periodic job: every deletion whose waiting period is over. */
    async processDueDeletions(at: Date) {
      let completed = 0;
      const failed: number[] = [];
      for (const { id } of await repo.dueDeletions(db, at.toISOString(), 50)) {
        try {
          if (await runDeletion(id)) completed += 1;
        } catch {
          failed.push(id);
        }
      }
      return { completed, failed };
    },
  };
}

export type Requests = ReturnType<typeof createRequests>;
