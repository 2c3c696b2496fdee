import { z } from 'zod';

export const queueCountsSchema = z.object({
  name: z.string(),
  label: z.string(),
  queued: z.number().int(),
  running: z.number().int(),
  failed: z.number().int(),
  completed: z.number().int(),
});

export const failedJobSchema = z.object({
  id: z.string(),
  name: z.string(),
  label: z.string(),
  error: z.string(),
  attempts: z.number().int(),
  failed_at: z.string().nullable(),
  created_at: z.string(),
});

export const jobsOverviewSchema = z.object({
  engine: z.enum(['sqlite', 'postgres']),
  started: z.boolean(),
  queues: z.array(queueCountsSchema),
  failed: z.array(failedJobSchema),
});

export const retryBody = z.object({
  name: z.string().trim().min(1, 'Thiếu tên hàng đợi.').max(100),
  id: z.string().trim().min(1, 'Thiếu mã công việc.').max(64),
});

export const retryResultSchema = z.object({ id: z.string(), name: z.string() });
