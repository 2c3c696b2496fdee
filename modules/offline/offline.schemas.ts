/** Input and output schemas of the offline endpoints. */
import { z } from 'zod';
import { learningLogBody, plainText, rowId } from '../learning/index.ts';
import { quizAnswers } from '../quizzes/index.ts';

const token = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, message);

export const deviceId = token('Mã thiết bị không hợp lệ.');
const lessonId = rowId('Bài học không hợp lệ.');

export const licenceInput = z.object({ lesson_id: lessonId, device_id: deviceId });

export const packageQuery = z.object({ lesson_id: lessonId });

export const packageSchema = z.object({
  lesson_id: z.number().int(),
  course_id: z.number().int(),
  course_slug: z.string(),
  course_title: z.string(),
  title: z.string(),
  content_type: z.enum(['youtube', 'video', 'paragraph', 'exam', 'document']).nullable(),
  video: z
    .object({
      asset_id: z.number().int(),
      duration_seconds: z.number().nullable(),
      poster_url: z.string(),
      rungs: z.array(
        z.object({
          height: z.number().int(),
          bytes: z.number().int(),
          segments: z.number().int(),
          playlist_url: z.string(),
        }),
      ),
      audio: z
        .object({ bytes: z.number().int(), segments: z.number().int(), playlist_url: z.string() })
        .nullable()
        .describe('The audio-only rendition ("Chỉ âm thanh"), when the video has one'),
      captions: z
        .array(z.object({ lang: z.string(), label: z.string(), url: z.string() }))
        .describe("The video's WebVTT captions, downloaded with any quality"),
    })
    .nullable(),
});

export const licenceSchema = z.object({
  licence: z.string(),
  lesson_id: z.number().int(),
  course_id: z.number().int(),
  expires_at: z.string(),
});

export const licenceCheckInput = z.object({
  device_id: deviceId,
  licences: z.array(z.string().max(1000)).max(500, 'Tối đa 500 bài tải về mỗi lần kiểm tra.'),
});

export const licenceCheckSchema = z.object({
  learner_id: z
    .number()
    .int()
    .describe("The signed-in learner: a shared device keeps another learner's downloads and queued actions for them"),
  licences: z.array(
    z.object({
      licence: z.string(),
      lesson_id: z.number().int().nullable(),
      state: z.enum(['valid', 'expired', 'revoked', 'invalid']),
      course_id: z.number().int().optional(),
      expires_at: z.string().optional(),
    }),
  ),
});

const opBase = {
  op_id: token('Mã thao tác không hợp lệ.'),
  seq: z.number({ error: 'Thứ tự thao tác không hợp lệ.' }).int().min(0).max(2_147_483_647),
  lesson_id: lessonId,
  client_time: z.number({ error: 'Thời điểm không hợp lệ.' }).int().min(0).max(8_640_000_000_000),
};

export const syncInput = z.object({
  device_id: deviceId,
  ops: z
    .array(
      z.discriminatedUnion('kind', [
        z.object({
          ...opBase,
          kind: z.literal('progress'),
          position: learningLogBody.shape.position.unwrap(),
          watched_seconds: learningLogBody.shape.watched_seconds,
          completed: learningLogBody.shape.completed,
        }),
        z.object({
          ...opBase,
          kind: z.literal('note'),
          content: plainText(4000, 'Vui lòng nhập nội dung ghi chú.', 'Ghi chú tối đa 4000 ký tự.'),
          position: z.number({ error: 'Thời điểm không hợp lệ.' }).int().min(0).max(86_400).nullable().optional(),
        }),
        z.object({
          ...opBase,
          kind: z.literal('quiz'),
          answers: quizAnswers,
        }),
      ]),
    )
    .max(200, 'Tối đa 200 thao tác mỗi lần đồng bộ.'),
});

export const syncSchema = z.object({
  results: z.array(
    z.object({
      op_id: z.string(),
      status: z.enum(['applied', 'duplicate', 'rejected', 'pending']),
      result: z.unknown().optional(),
      message: z.string().optional(),
    }),
  ),
});
