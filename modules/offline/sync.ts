/**
 * Offline sync (issue 21, part 5): what a learner did offline — positions and completion, notes,
 * quiz answers — queued on the device and sent when the connection returns. Each op carries the
 * device's id for it and its place in the device's queue: ops are applied in that order, each at
 * most once per learner, device and op id (a replay gets the first answer back), through the same
 * services and rules as online: the furthest position is kept and the latest `client_time` sets the
 * resume point (so two devices merge as online), a note is added once, a quiz is graded once.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { DiscussionService } from '../discussion/index.ts';
import type { LearningService } from '../learning/index.ts';
import type { QuizzesService } from '../quizzes/index.ts';
import * as repo from './offline.repository.ts';

/** An op claimed this long ago and never finished (the process stopped) may be applied again. */
export const STALE_CLAIM_MS = 60_000;

interface OpBase {
  op_id: string;
  seq: number;
  lesson_id: number;
  client_time: number;
}

export type SyncOp =
  | (OpBase & {
      kind: 'progress';
      position: number;
      watched_seconds?: number | undefined;
      completed?: boolean | undefined;
    })
  | (OpBase & { kind: 'note'; content: string; position?: number | null | undefined })
  | (OpBase & { kind: 'quiz'; answers: { question_id: number; option_ids: number[] }[] });

export type OpOutcome =
  | { op_id: string; status: 'applied' | 'duplicate'; result: unknown }
  | { op_id: string; status: 'rejected'; message: string }
  | { op_id: string; status: 'pending' };

export function createOfflineSync(deps: {
  db: Kysely<Database>;
  learning: Pick<LearningService, 'writeLog'>;
  discussion: Pick<DiscussionService, 'addNote'>;
  quizzes: Pick<QuizzesService, 'submitAnswered'>;
  clock?: () => Date;
}) {
  const { db } = deps;
  const clock = deps.clock ?? (() => new Date());

  async function apply(userId: number, op: SyncOp): Promise<unknown> {
    switch (op.kind) {
      case 'progress': {
        const saved = await deps.learning.writeLog(userId, {
          lesson_id: op.lesson_id,
          position: op.position,
          watched_seconds: op.watched_seconds,
          completed: op.completed,
          client_time: op.client_time,
        });
        return { lesson_id: op.lesson_id, completed: saved.completed };
      }
      case 'note': {
        const note = await deps.discussion.addNote(userId, {
          lesson_id: op.lesson_id,
          content: op.content,
          position: op.position ?? null,
        });
        return { note_id: note.id };
      }
      case 'quiz': {
        const graded = await deps.quizzes.submitAnswered(userId, op.lesson_id, op.answers);
        return {
          attempt_id: graded.attempt.id,
          score_percent: graded.attempt.score_percent,
          passed: graded.attempt.passed,
        };
      }
    }
  }

  async function applyOnce(userId: number, deviceId: string, op: SyncOp): Promise<OpOutcome> {
    const now = clock();
    const claimed = await repo.claimOp(db, {
      userId,
      deviceId,
      opId: op.op_id,
      kind: op.kind,
      lessonId: op.lesson_id,
      now: now.toISOString(),
      staleBefore: new Date(now.getTime() - STALE_CLAIM_MS).toISOString(),
    });
    if (claimed === null) {
      const done = await repo.findOp(db, userId, deviceId, op.op_id);
      if (!done || done.status === 'applying') return { op_id: op.op_id, status: 'pending' };
      const result = done.result === null ? null : (JSON.parse(done.result) as unknown);
      return done.status === 'rejected'
        ? { op_id: op.op_id, status: 'rejected', message: (result as { message: string }).message }
        : { op_id: op.op_id, status: 'duplicate', result };
    }
    try {
      const result = await apply(userId, op);
      await repo.finishOp(db, claimed, 'applied', result, clock().toISOString());
      return { op_id: op.op_id, status: 'applied', result };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // Refused by the rules (no longer enrolled, no attempt left…): final, the device drops it.
      await repo.finishOp(db, claimed, 'rejected', { message: error.message }, clock().toISOString());
      return { op_id: op.op_id, status: 'rejected', message: error.message };
    }
  }

  /** Applies a device's queued ops in their queue order; the answers come in that order too. */
  async function sync(userId: number, input: { device_id: string; ops: SyncOp[] }) {
    const ordered = [...input.ops].sort((a, b) => a.seq - b.seq || a.client_time - b.client_time);
    const results: OpOutcome[] = [];
    for (const op of ordered) results.push(await applyOnce(userId, input.device_id, op));
    return { results };
  }

  return { sync };
}

export type OfflineSync = ReturnType<typeof createOfflineSync>;
