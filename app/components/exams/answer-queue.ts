/**
 * The exam room's on-device answer queue. Every answer gets the attempt's next sequence number and
 * is kept in localStorage until the server has it, so answers chosen while the connection is down
 * are sent when it returns, oldest first; the server ignores a lower seq for the same question, so
 * re-sending is harmless. A reload (or a crash) resumes from the stored queue.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AnswerValue } from './answer-text';

export interface PendingAnswer {
  question_id: number;
  answer: AnswerValue;
  seq: number;
}
interface Stored {
  seq: number;
  pending: PendingAnswer[];
}
export type SaveState = 'saved' | 'saving' | 'waiting';

const RETRY_MS = 4000;
const storageKey = (attemptId: number) => `khai-tri:bai-thi:${attemptId}`;

function readStored(attemptId: number): Stored {
  try {
    const parsed = JSON.parse(window.localStorage.getItem(storageKey(attemptId)) ?? 'null') as Stored | null;
    if (parsed && typeof parsed.seq === 'number' && Array.isArray(parsed.pending)) return parsed;
  } catch {
    // Unreadable storage: start from what the server has.
  }
  return { seq: 0, pending: [] };
}

function writeStored(attemptId: number, stored: Stored) {
  try {
    window.localStorage.setItem(storageKey(attemptId), JSON.stringify(stored));
  } catch {
    // Full or disabled storage: the queue still lives in memory for this page.
  }
}

/** Sends one answer: 'ok', 'retry' (no network, server busy) or the server's refusal message. */
async function send(attemptId: number, item: PendingAnswer): Promise<'ok' | 'retry' | { refused: string }> {
  try {
    const response = await fetch('/api/user/exam/answer.json', {
      method: 'PATCH',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ attempt_id: attemptId, ...item }),
    });
    if (response.ok) return 'ok';
    if (response.status >= 500 || response.status === 429) return 'retry';
    const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
    return { refused: body?.error?.message ?? 'Không lưu được câu trả lời.' };
  } catch {
    return 'retry';
  }
}

export function useAnswerQueue(
  attemptId: number,
  server: { answers: { question_id: number; answer: AnswerValue; seq: number }[]; last_seq: number },
) {
  const [answers, setAnswers] = useState(() => new Map(server.answers.map((row) => [row.question_id, row.answer])));
  const [state, setState] = useState<SaveState>('saved');
  const [pendingCount, setPendingCount] = useState(0);
  const [refusal, setRefusal] = useState<string | null>(null);
  const queue = useRef<Stored>({ seq: server.last_seq, pending: [] });
  const sending = useRef(false);

  const flush = useCallback(async (): Promise<boolean> => {
    if (sending.current) return queue.current.pending.length === 0;
    sending.current = true;
    try {
      while (queue.current.pending.length > 0) {
        setState('saving');
        const item = queue.current.pending[0]!;
        const outcome = await send(attemptId, item);
        if (outcome === 'retry') {
          setState('waiting');
          return false;
        }
        if (outcome !== 'ok') setRefusal(outcome.refused);
        queue.current.pending = queue.current.pending.filter((entry) => entry !== item);
        writeStored(attemptId, queue.current);
        setPendingCount(queue.current.pending.length);
      }
      setState('saved');
      return true;
    } finally {
      sending.current = false;
    }
  }, [attemptId]);

  // Resume: the stored queue (answers chosen before a reload) over what the server has.
  useEffect(() => {
    const stored = readStored(attemptId);
    const serverSeq = new Map(server.answers.map((row) => [row.question_id, row.seq]));
    const pending = stored.pending.filter((item) => item.seq > (serverSeq.get(item.question_id) ?? 0));
    queue.current = { seq: Math.max(stored.seq, server.last_seq), pending };
    writeStored(attemptId, queue.current);
    if (pending.length > 0) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- localStorage is read after hydration (not on the server)
      setAnswers(
        (current) => new Map([...current, ...pending.map((item) => [item.question_id, item.answer] as const)]),
      );
      setPendingCount(pending.length);
      void flush();
    }
    const retry = () => void flush();
    window.addEventListener('online', retry);
    const timer = window.setInterval(() => {
      if (queue.current.pending.length > 0) retry();
    }, RETRY_MS);
    return () => {
      window.removeEventListener('online', retry);
      window.clearInterval(timer);
    };
    // The server's answers are read once, when the room opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attemptId, flush]);

  const choose = useCallback(
    (questionId: number, answer: AnswerValue) => {
      setRefusal(null);
      setAnswers((current) => new Map(current).set(questionId, answer));
      const seq = queue.current.seq + 1;
      queue.current = {
        seq,
        // Only the newest answer per question needs sending; order between questions is kept.
        pending: [
          ...queue.current.pending.filter((item) => item.question_id !== questionId),
          { question_id: questionId, answer, seq },
        ],
      };
      writeStored(attemptId, queue.current);
      setPendingCount(queue.current.pending.length);
      void flush();
    },
    [attemptId, flush],
  );

  return { answers, choose, flush, state, pendingCount, refusal };
}
