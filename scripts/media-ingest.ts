/**
 * npm run media:ingest -- <file> --lesson <id> [--captions vi:phu-de.vtt] [--captions en:subs.vtt] [--wait]
 *
 * Stores a source video through the storage driver (local disk or S3, as the server is configured)
 * and queues its transcoding job for a video lesson; the server's worker picks it up. With --wait
 * the job runs here, now, printing its progress, and the command ends when the video is ready
 * (or failed). A lesson that already has a video keeps playing it until the new one is ready.
 * Exits non-zero with a message on any error.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { createJobQueue } from '../modules/jobs/index.ts';
import { createObjectStorage } from '../modules/media/storage.ts';
import { checkTools } from '../modules/video/ffmpeg.ts';
import { createVideoService, type CaptionInput } from '../modules/video/video.service.ts';
import { resolveSessionSecret } from '../server/secrets.ts';
import { explainMissingTables, runCli, UsageError } from './cli.ts';
import { setLessonDuration } from '../modules/catalog/index.ts';

const USAGE = 'Cách dùng: npm run media:ingest -- <tệp video> --lesson <id> [--captions vi:phu-de.vtt] [--wait]';

function readOptions(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      lesson: { type: 'string' },
      captions: { type: 'string', multiple: true },
      wait: { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: true,
  });
  if (positionals.length !== 1) throw new UsageError('Cần đúng một tệp video.');
  const file = positionals[0]!;
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new UsageError(`Không tìm thấy tệp "${file}".`);
  if (!values.lesson || !/^\d+$/.test(values.lesson) || Number(values.lesson) < 1)
    throw new UsageError(
      `--lesson phải là mã bài học (số nguyên dương)${values.lesson ? `, nhận được "${values.lesson}"` : ''}.`,
    );
  const captions: CaptionInput[] = (values.captions ?? []).map((value) => {
    const match = /^([a-z]{2,3}(?:-[A-Za-z0-9]{2,8})?):(.+)$/.exec(value);
    if (!match) throw new UsageError(`--captions phải có dạng ngôn ngữ:tệp.vtt (nhận được "${value}").`);
    if (!fs.existsSync(match[2]!)) throw new UsageError(`Không tìm thấy tệp phụ đề "${match[2]}".`);
    return { lang: match[1]!, body: fs.readFileSync(match[2]!) };
  });
  return { file, lessonId: Number(values.lesson), captions, wait: values.wait };
}

await runCli(USAGE, readOptions, async (options, { env, database }) => {
  const tools = { ffmpeg: env.FFMPEG_PATH, ffprobe: env.FFPROBE_PATH };
  if (options.wait) {
    const available = await checkTools(tools);
    if (!available.ok)
      throw new Error(`Không chạy được ${available.missing.join(', ')}: cài ffmpeg hoặc đặt FFMPEG_PATH/FFPROBE_PATH.`);
  }
  const secret = resolveSessionSecret(env);
  // The video's `video.transcode` job goes on the server's queue (started only to send it).
  const jobs = createJobQueue(database.db, database.engine);
  const video = createVideoService({
    jobs: () => jobs,
    db: database.db,
    storage: createObjectStorage(env, secret),
    secret,
    tools,
    urlTtlSeconds: env.VIDEO_URL_TTL_SECONDS,
    setLessonDuration,
    maxAttempts: env.VIDEO_MAX_ATTEMPTS,
  });
  await video.registerJobs({ work: false });
  await jobs.start();
  try {
    const asset = await video.ingestFile(options.lessonId, options.file, options.captions);
    console.log(
      `Đã tải lên và xếp hàng video #${asset.id} cho bài học ${options.lessonId}` +
        (options.captions.length > 0 ? ` (phụ đề: ${options.captions.map((c) => c.lang).join(', ')})` : '') +
        '.',
    );
    if (!options.wait) {
      console.log('Máy chủ sẽ xử lý video trong nền (thêm --wait để xử lý ngay tại đây).');
      return;
    }
    const worker = video.createWorker({ backoffMs: () => 0 });
    let shown = -1;
    const report = setInterval(() => {
      void video.assetStatus(asset.id).then((row) => {
        if (row && row.status === 'processing' && row.progress_percent !== shown) {
          shown = row.progress_percent;
          console.log(`Đang chuyển mã: ${shown}%`);
        }
      });
    }, 500);
    try {
      for (;;) {
        const row = await video.assetStatus(asset.id);
        if (row?.status === 'ready') {
          console.log(`Xong: ${row.rungs.split(',').join('p, ')}p, ${row.duration_seconds} giây.`);
          return;
        }
        if (row?.status === 'failed') throw new Error(`Chuyển mã thất bại sau ${row.attempts} lần: ${row.last_error}`);
        // Jobs run in queue order: this one, or an earlier one first. Idle: another worker holds it.
        if ((await worker.runOnce()) === 'idle') await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    } finally {
      clearInterval(report);
    }
  } catch (error) {
    explainMissingTables(
      error,
      /video_assets|lessons/,
      'Cơ sở dữ liệu chưa có bảng video: chạy npm run db:migrate trước.',
    );
  } finally {
    await jobs.stop();
  }
});
