/**
 * Video pipeline overhead (issue 6, "Must show"): a 60-second 1080p clip (generated with ffmpeg:
 * test pattern and a tone, 30 fps, not timed) is transcoded into the 1080/720/480/360/240 ladder
 * twice per round — by the product's worker (`runOnce`: source read from storage, ffprobe, the HLS
 * ffmpeg run with its progress written to the database, poster, every file stored through the
 * storage driver, the asset marked ready) and by the same ffmpeg command run bare. Rounds alternate
 * which goes first; medians are compared. Prints bare ÷ pipeline (target ≥ 0.95) and the realtime
 * factor (seconds of video per second of transcoding). A measurement, never a timed test.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connectDatabase } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createObjectStorage } from '../modules/media/storage.ts';
import { buildHlsArgs, buildTestClipArgs, planLadder, probe, runTool } from '../modules/video/ffmpeg.ts';
import { createVideoService } from '../modules/video/video.service.ts';
import { loadEnv } from '../config/env.ts';
import { createCourse, createLesson } from '../tests/factories/catalog.ts';
import { judge, type Check, type Report, type ReportBenchmark, type Settings } from './lib/bench.ts';
import { childrenCpuSeconds, machineLoad, ownCpuSeconds } from './lib/cpu.ts';
import { median } from './lib/measure.ts';
import { setLessonDuration } from '../modules/catalog/index.ts';

const CLIP_SECONDS = 60;
const TARGET = 0.95;

const seconds = (value: number) => `${value.toFixed(1)} s`;

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return (performance.now() - started) / 1000;
}

/** CPU seconds of this process and its ffmpeg children: steadier than wall time on a busy machine. */
const cpuNow = () => ownCpuSeconds() + childrenCpuSeconds();

async function measured(work: () => Promise<unknown>): Promise<{ wall: number; cpu: number }> {
  const cpu = cpuNow();
  const wall = await timed(work);
  return { wall, cpu: cpuNow() - cpu };
}

export const videoBenchmark: ReportBenchmark = {
  kind: 'report',
  name: 'video',
  title: 'HLS pipeline vs the same bare ffmpeg command (60 s of 1080p into 5 rungs)',
  needsBuild: false,

  async run(settings: Settings): Promise<Report> {
    const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'khai-tri-bench-video-'));
    const env = loadEnv({ APP_ENV: 'test', DATA_DIR: workDir, LOG_LEVEL: 'silent' });
    const tools = { ffmpeg: env.FFMPEG_PATH, ffprobe: env.FFPROBE_PATH };
    const database = connectDatabase({ dataDir: workDir });
    try {
      const clip = path.join(workDir, 'clip-1080p.mp4');
      const generated = await timed(() =>
        runTool(
          tools.ffmpeg,
          buildTestClipArgs(clip, { seconds: CLIP_SECONDS, width: 1920, height: 1080, fps: 30, preset: 'veryfast' }),
        ),
      );
      const source = await probe(tools.ffprobe, clip);
      const rungs = planLadder(source.width, source.height);

      await migrateToLatest(database.db);
      const course = await createCourse(database.db, { price_new: 0 });
      const lesson = await createLesson(database.db, { course_id: course.id, content_type: 'video' });
      const video = createVideoService({
        db: database.db,
        storage: createObjectStorage(env, 'bench-secret'),
        secret: 'bench-secret',
        tools,
        urlTtlSeconds: 3600,
        setLessonDuration,
        maxAttempts: 1,
      });
      const worker = video.createWorker();

      const bare: number[] = [];
      const pipeline: number[] = [];
      const bareCpu: number[] = [];
      const pipelineCpu: number[] = [];
      let ladder: number[] = [];
      const runBare = async (round: number) => {
        const outDir = path.join(workDir, `bare-${round}`);
        for (const index of rungs.keys()) fs.mkdirSync(path.join(outDir, `v${index}`), { recursive: true });
        const run = await measured(() => runTool(tools.ffmpeg, buildHlsArgs(clip, outDir, rungs, source)));
        bare.push(run.wall);
        bareCpu.push(run.cpu);
        fs.rmSync(outDir, { recursive: true, force: true });
      };
      const runPipeline = async () => {
        const asset = await video.ingestFile(lesson.id, clip);
        let outcome = '';
        const run = await measured(async () => (outcome = await worker.runOnce()));
        pipeline.push(run.wall);
        pipelineCpu.push(run.cpu);
        const row = await video.assetStatus(asset.id);
        if (outcome !== 'ready' || row?.status !== 'ready')
          throw new Error(`the pipeline did not finish: ${outcome}, ${row?.last_error ?? row?.status}`);
        ladder = row.rungs.split(',').map(Number);
      };
      for (let round = 0; round < settings.rounds; round += 1) {
        // Alternate which side goes first, so a change in the machine's load hits both.
        if (round % 2 === 0) {
          await runBare(round);
          await runPipeline();
        } else {
          await runPipeline();
          await runBare(round);
        }
      }

      const bareSeconds = median(bare);
      const pipelineSeconds = median(pipeline);
      const ratio = bareSeconds / pipelineSeconds;
      const checks: Check[] = [
        {
          label: 'bare ÷ pipeline',
          value: ratio.toFixed(3),
          target: `≥ ${TARGET}`,
          verdict: judge(ratio, TARGET, 'at-least'),
        },
      ];
      if (ladder.join(',') !== '1080,720,480,360,240')
        checks.push({ label: 'ladder', value: ladder.join('/'), target: '1080/720/480/360/240', verdict: 'ERROR' });
      return {
        lines: [
          `  source: ${source.width}×${source.height}, ${source.fps} fps, ${seconds(source.durationSeconds)} with sound ` +
            `(generated in ${seconds(generated)}, not timed); rungs ${ladder.join('/')}; x264 veryfast; ` +
            `machine load ${machineLoad().toFixed(1)}× the cores`,
          `  bare ffmpeg   ${seconds(bareSeconds).padStart(8)}   each round: ${bare.map(seconds).join(', ')}`,
          `  pipeline      ${seconds(pipelineSeconds).padStart(8)}   each round: ${pipeline.map(seconds).join(', ')}`,
          `  CPU (this process and ffmpeg): bare ${seconds(median(bareCpu))}, pipeline ${seconds(median(pipelineCpu))}, ` +
            `ratio ${(median(bareCpu) / median(pipelineCpu)).toFixed(3)} (steadier than wall time when the machine is busy)`,
          `  realtime factor: ${(source.durationSeconds / pipelineSeconds).toFixed(2)}× through the pipeline, ` +
            `${(source.durationSeconds / bareSeconds).toFixed(2)}× bare`,
          `  ratio ${ratio.toFixed(3)}  target ≥ ${TARGET}  ${checks[0]!.verdict}`,
        ],
        checks,
      };
    } finally {
      await database.close();
      fs.rmSync(workDir, { recursive: true, force: true });
    }
  },
};
