/**
 * ffmpeg and ffprobe (ARCHITECTURE.md §5, "video": FFMPEG_PATH/FFPROBE_PATH, else the system's):
 * probing a source, the HLS ladder of SPEC §9 (1080/720/480/360/240, never upscaled), the one
 * ffmpeg command that writes every rung (split + var_stream_map, aligned segments: two short ones
 * to start fast, then 6 seconds), its progress, and the poster frame.
 */
import { spawn } from 'node:child_process';

export interface FfmpegTools {
  ffmpeg: string;
  ffprobe: string;
}

/** SPEC §9's resolution tiers, highest first. */
export const TIERS = [1080, 720, 480, 360, 240] as const;
/** Every rung's segments start on a key frame: after the short start, every this many seconds. */
export const SEGMENT_SECONDS = 6;
/**
 * The first segments are this short, so a phone on slow mobile data has its first frame after about
 * a hundred kilobytes (a 6-second 360p segment is ~700 KB: 3.5 s at 1.6 Mbps; a 2-second one, the
 * earlier start, ~220 KB and 1.1 s), then the long ones keep the request count and the compression
 * where they were.
 */
export const START_SEGMENT_SECONDS = 1;
export const START_SEGMENTS = 3;
const START_SPAN = START_SEGMENT_SECONDS * START_SEGMENTS;

/**
 * Key frames at 0, 1, 2, 3, then every 6 s (9, 15, …): ffmpeg's HLS muxer cuts at the first key
 * frame at least START_SEGMENT_SECONDS into a segment, so with no key frame between these the
 * segments are 1, 1, 1, 6, 6, … seconds long on every rung alike.
 */
export const KEY_FRAME_EXPRESSION =
  `expr:if(lt(t,${START_SPAN}),gte(t,n_forced*${START_SEGMENT_SECONDS}),` +
  `gte(t,${START_SPAN}+(n_forced-${START_SEGMENTS})*${SEGMENT_SECONDS}))`;

export interface Rung {
  width: number;
  height: number;
  videoKbps: number;
  audioKbps: number;
}

export interface ProbeResult {
  width: number;
  height: number;
  durationSeconds: number;
  hasAudio: boolean;
  fps: number;
}

const VIDEO_KBPS: Record<number, number> = { 1080: 5000, 720: 2800, 480: 1400, 360: 800, 240: 400 };

/** Every ffmpeg run: no banner, no keyboard, overwrite, errors only. */
const QUIET = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error'];

const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);

/**
 * The rungs for a source: every tier at or below its height (never upscaling); a source below the
 * lowest tier gets one rung at its own size. Widths keep the source's aspect, rounded to even.
 */
export function planLadder(width: number, height: number): Rung[] {
  const heights: number[] = TIERS.filter((tier) => tier <= height);
  if (heights.length === 0) heights.push(even(height));
  return heights.map((rungHeight) => ({
    width: even((width * rungHeight) / height),
    height: rungHeight,
    videoKbps: VIDEO_KBPS[rungHeight] ?? 300,
    audioKbps: rungHeight >= 720 ? 128 : rungHeight >= 360 ? 96 : 64,
  }));
}

/** The variant folder of rung `index` (the `%v` of the ffmpeg command). */
export const variantDir = (index: number) => `v${index}`;

/**
 * The arguments of the one ffmpeg run that writes the whole ladder into `outDir`: `master.m3u8`
 * and `v{n}/index.m3u8` + `v{n}/seg_NNN.ts` per rung, H.264 High + AAC-LC, key frames forced at
 * 0, 2, 4 s then every 6 s and scene cuts off, so all rungs' segments line up. Progress goes to stdout (`-progress`).
 */
export function buildHlsArgs(input: string, outDir: string, rungs: Rung[], source: ProbeResult): string[] {
  const gop = Math.max(1, Math.round(source.fps * SEGMENT_SECONDS));
  const labels = rungs.map((_, index) => `s${index}`);
  const filter = [
    `[0:v]format=yuv420p,split=${rungs.length}${labels.map((label) => `[${label}]`).join('')}`,
    ...rungs.map((rung, index) => `[s${index}]scale=${rung.width}:${rung.height},setsar=1[o${index}]`),
  ].join(';');
  const args = [...QUIET, '-i', input, '-filter_complex', filter];
  rungs.forEach((_, index) => {
    args.push('-map', `[o${index}]`);
    if (source.hasAudio) args.push('-map', '0:a:0');
  });
  args.push(
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-profile:v',
    'high',
    '-sc_threshold',
    '0',
    '-g',
    String(gop),
    '-keyint_min',
    String(gop),
    '-force_key_frames',
    KEY_FRAME_EXPRESSION,
  );
  rungs.forEach((rung, index) => {
    args.push(
      `-b:v:${index}`,
      `${rung.videoKbps}k`,
      `-maxrate:v:${index}`,
      `${Math.round(rung.videoKbps * 1.07)}k`,
      `-bufsize:v:${index}`,
      `${Math.round(rung.videoKbps * 1.5)}k`,
    );
  });
  if (source.hasAudio) {
    args.push('-c:a', 'aac', '-ac', '2', '-ar', '48000');
    rungs.forEach((rung, index) => args.push(`-b:a:${index}`, `${rung.audioKbps}k`));
  }
  const streamMap = rungs.map((_, index) => (source.hasAudio ? `v:${index},a:${index}` : `v:${index}`)).join(' ');
  args.push(
    '-f',
    'hls',
    '-hls_time',
    String(START_SEGMENT_SECONDS),
    '-hls_playlist_type',
    'vod',
    '-hls_flags',
    'independent_segments',
    '-hls_segment_type',
    'mpegts',
    '-hls_segment_filename',
    `${outDir}/v%v/seg_%03d.ts`,
    '-master_pl_name',
    'master.m3u8',
    '-var_stream_map',
    streamMap,
    '-progress',
    'pipe:1',
    '-nostats',
    `${outDir}/v%v/index.m3u8`,
  );
  return args;
}

/**
 * The audio-only rendition (issue 21: "Chỉ âm thanh" downloads): AAC-LC at this rate, in its own
 * folder beside the video rungs. It is not named by `master.m3u8`, so the online player's ABR never
 * picks it; only the offline package offers it.
 */
export const AUDIO_ONLY_KBPS = 64;
export const AUDIO_ONLY_DIR = 'audio';

/** `audio/index.m3u8` + `audio/seg_NNN.ts` (MPEG-TS, 6-second segments) from the source's first audio stream. */
export function buildAudioOnlyArgs(input: string, outDir: string): string[] {
  return [
    ...QUIET,
    '-i',
    input,
    '-map',
    '0:a:0',
    '-vn',
    '-c:a',
    'aac',
    '-ac',
    '2',
    '-ar',
    '48000',
    '-b:a',
    `${AUDIO_ONLY_KBPS}k`,
    '-f',
    'hls',
    '-hls_time',
    String(SEGMENT_SECONDS),
    '-hls_playlist_type',
    'vod',
    '-hls_segment_type',
    'mpegts',
    '-hls_segment_filename',
    `${outDir}/${AUDIO_ONLY_DIR}/seg_%03d.ts`,
    `${outDir}/${AUDIO_ONLY_DIR}/index.m3u8`,
  ];
}

/** One frame a tenth of the way in (at most 5 s), at the size of the highest rung up to 720p. */
export function buildPosterArgs(input: string, output: string, rungs: Rung[], durationSeconds: number): string[] {
  const rung = rungs.find((candidate) => candidate.height <= 720) ?? rungs[rungs.length - 1]!;
  const at = Math.min(5, durationSeconds / 10).toFixed(2);
  return [
    ...QUIET,
    '-ss',
    at,
    '-i',
    input,
    '-frames:v',
    '1',
    '-vf',
    `scale=${rung.width}:${rung.height},setsar=1`,
    '-q:v',
    '4',
    output,
  ];
}

/** A process that could not start (the binary is missing) or exited with an error. */
export class ToolError extends Error {
  constructor(
    message: string,
    readonly missing = false,
  ) {
    super(message);
    this.name = 'ToolError';
  }
}

interface RunOptions {
  /** Called with each `key=value` line of `-progress pipe:1`. */
  onProgressLine?: (key: string, value: string) => void;
  signal?: AbortSignal;
}

/** Runs a tool to completion; resolves with its stdout, rejects with the end of its stderr. */
export function runTool(binary: string, args: string[], options: RunOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(options.signal ? { signal: options.signal } : {}),
    });
    let stdout = '';
    let pending = '';
    let stderr = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (!options.onProgressLine) {
        stdout += chunk;
        return;
      }
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const equals = line.indexOf('=');
        if (equals > 0) options.onProgressLine(line.slice(0, equals).trim(), line.slice(equals + 1).trim());
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-2000);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new ToolError(`${binary} was not found (set FFMPEG_PATH / FFPROBE_PATH)`, true)
          : new ToolError(`${binary}: ${error.message}`),
      );
    });
    child.on('close', (code, signal) => {
      if (code === 0) resolve(stdout);
      else reject(new ToolError(`${binary} exited with ${signal ?? `code ${code}`}: ${stderr.trim() || 'no output'}`));
    });
  });
}

/** The first line of `-version`, or null when the binary cannot run. */
export async function toolVersion(binary: string): Promise<string | null> {
  try {
    return (await runTool(binary, ['-hide_banner', '-version'])).split('\n')[0]?.trim() || binary;
  } catch {
    return null;
  }
}

/** Both tools' versions; `missing` names the ones that cannot run. */
export async function checkTools(tools: FfmpegTools): Promise<{ ok: boolean; missing: string[] }> {
  const [ffmpeg, ffprobe] = await Promise.all([toolVersion(tools.ffmpeg), toolVersion(tools.ffprobe)]);
  const missing = [...(ffmpeg ? [] : [tools.ffmpeg]), ...(ffprobe ? [] : [tools.ffprobe])];
  return { ok: missing.length === 0, missing };
}

interface ProbeJson {
  streams?: Array<{
    codec_type?: string;
    width?: number;
    height?: number;
    avg_frame_rate?: string;
    r_frame_rate?: string;
  }>;
  format?: { duration?: string };
}

function frameRate(value: string | undefined): number | null {
  const [numerator, denominator] = (value ?? '').split('/').map(Number);
  if (!numerator || !denominator) return null;
  const rate = numerator / denominator;
  return rate > 0 && rate <= 120 ? rate : null;
}

/** Width, height, duration, frame rate and whether there is sound; throws when there is no video. */
export async function probe(ffprobe: string, file: string): Promise<ProbeResult> {
  const output = await runTool(ffprobe, [
    '-v',
    'error',
    '-show_entries',
    'stream=codec_type,width,height,avg_frame_rate,r_frame_rate:format=duration',
    '-of',
    'json',
    file,
  ]);
  const json = JSON.parse(output) as ProbeJson;
  const video = json.streams?.find((stream) => stream.codec_type === 'video' && stream.width && stream.height);
  const durationSeconds = Number(json.format?.duration);
  if (!video || !Number.isFinite(durationSeconds) || durationSeconds <= 0)
    throw new ToolError('the source has no readable video stream');
  return {
    width: video.width!,
    height: video.height!,
    durationSeconds,
    hasAudio: json.streams?.some((stream) => stream.codec_type === 'audio') ?? false,
    fps: frameRate(video.avg_frame_rate) ?? frameRate(video.r_frame_rate) ?? 25,
  };
}

/** Turns `-progress` lines into a percentage of `durationSeconds` (0–99 until ffmpeg says `end`). */
export function progressTracker(durationSeconds: number, onPercent: (percent: number) => void) {
  let last = -1;
  return (key: string, value: string) => {
    let percent: number | null = null;
    if (key === 'out_time_us' || key === 'out_time_ms') {
      // ffmpeg writes microseconds under both names.
      const seconds = Number(value) / 1_000_000;
      if (Number.isFinite(seconds) && seconds >= 0)
        percent = Math.min(99, Math.floor((seconds / durationSeconds) * 100));
    } else if (key === 'progress' && value === 'end') percent = 100;
    if (percent !== null && percent > last) {
      last = percent;
      onPercent(percent);
    }
  };
}

/** A short test clip (colour bars with a moving pattern and a tone) for the demo seed, tests and the bench. */
export function buildTestClipArgs(
  output: string,
  options: { seconds: number; width: number; height: number; fps?: number; preset?: string },
): string[] {
  const fps = options.fps ?? 25;
  return [
    ...QUIET,
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${options.width}x${options.height}:rate=${fps}`,
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=48000',
    '-t',
    String(options.seconds),
    '-c:v',
    'libx264',
    '-preset',
    options.preset ?? 'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    output,
  ];
}
