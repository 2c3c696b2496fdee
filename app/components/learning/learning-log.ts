/**
 * The browser side of PATCH /api/user/lesson/learning_log.json: each write carries the client time
 * (the latest one sets the resume point on the server, whatever order writes arrive in).
 */
export const LEARNING_LOG_URL = '/api/user/lesson/learning_log.json';
/** How often a playing video reports its position. */
export const LOG_INTERVAL_MS = 10_000;

export interface LogReport {
  lesson_id: number;
  position: number;
  watched_seconds?: number;
  completed?: boolean;
}

export interface LogResult {
  completed: boolean;
  course: { percent: number } | null;
}

/** One write; `keepalive` lets it finish while the page is being left. Null when it failed. */
export async function sendLearningLog(report: LogReport, keepalive = false): Promise<LogResult | null> {
  try {
    const response = await fetch(LEARNING_LOG_URL, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      keepalive,
      body: JSON.stringify({
        ...report,
        position: Math.max(0, Math.floor(report.position)),
        ...(report.watched_seconds === undefined ? {} : { watched_seconds: Math.floor(report.watched_seconds) }),
        client_time: Date.now(),
      }),
    });
    if (!response.ok) return null;
    return ((await response.json()) as { data: LogResult }).data;
  } catch {
    // No network: the position waits on the device and is synced when the connection returns.
    void import('../offline/connection-tasks')
      .then(({ queueOp }) =>
        queueOp({
          kind: 'progress',
          lesson_id: report.lesson_id,
          position: Math.max(0, Math.floor(report.position)),
          ...(report.watched_seconds === undefined ? {} : { watched_seconds: Math.floor(report.watched_seconds) }),
          ...(report.completed === undefined ? {} : { completed: report.completed }),
        }),
      )
      .catch(() => undefined);
    return null;
  }
}
