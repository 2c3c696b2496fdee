/**
 * The pure parts of the pipeline: the ladder, progress parsing, playlist rewriting, private paths;
 * and the segment plan of the ladder command, run on a generated clip with the real ffmpeg.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../config/env.ts';
import { isPrivatePath } from '../media/storage.ts';
import {
  AUDIO_ONLY_KBPS,
  buildAudioOnlyArgs,
  buildHlsArgs,
  buildTestClipArgs,
  planLadder,
  probe,
  progressTracker,
  runTool,
} from './ffmpeg.ts';
import { resolveInside, rewritePlaylist } from './signing.ts';

describe('planLadder', () => {
  it('keeps every tier at or below the source and never upscales', () => {
    expect(planLadder(1920, 1080).map((rung) => `${rung.width}x${rung.height}`)).toEqual([
      '1920x1080',
      '1280x720',
      '854x480',
      '640x360',
      '426x240',
    ]);
    expect(planLadder(1280, 720).map((rung) => rung.height)).toEqual([720, 480, 360, 240]);
    expect(planLadder(1000, 700).map((rung) => rung.height)).toEqual([480, 360, 240]);
    // Portrait video: heights still follow the tiers, widths keep the aspect.
    expect(planLadder(720, 1280).map((rung) => `${rung.width}x${rung.height}`)[0]).toBe('608x1080');
  });

  it('gives a source below 240p one rung at its own size', () => {
    expect(planLadder(320, 180)).toEqual([{ width: 320, height: 180, videoKbps: 300, audioKbps: 64 }]);
    expect(planLadder(161, 121).map((rung) => `${rung.width}x${rung.height}`)).toEqual(['162x122']);
  });

  it('maps streams without sound to video-only variants', () => {
    const rungs = planLadder(854, 480);
    const args = buildHlsArgs('in.mp4', 'out', rungs, {
      width: 854,
      height: 480,
      durationSeconds: 3,
      hasAudio: false,
      fps: 30,
    });
    expect(args[args.indexOf('-var_stream_map') + 1]).toBe('v:0 v:1 v:2');
    expect(args).not.toContain('-c:a');
    expect(args[args.indexOf('-g') + 1]).toBe('180');
  });
});

describe('the segments of the ladder', () => {
  it('start with three 1-second segments, then 6 seconds, at the same times on every rung', async () => {
    const { FFMPEG_PATH: ffmpeg, FFPROBE_PATH: ffprobe } = loadEnv({});
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'khai-tri-segments-'));
    try {
      const clip = path.join(dir, 'clip.mp4');
      await runTool(ffmpeg, buildTestClipArgs(clip, { seconds: 15, width: 640, height: 360 }));
      const source = await probe(ffprobe, clip);
      const rungs = planLadder(source.width, source.height);
      await runTool(ffmpeg, buildHlsArgs(clip, dir, rungs, source));
      const durations = rungs.map((_, index) =>
        [...fs.readFileSync(path.join(dir, `v${index}`, 'index.m3u8'), 'utf8').matchAll(/#EXTINF:([\d.]+)/g)].map(
          (match) => Math.round(Number(match[1]) * 10) / 10,
        ),
      );
      expect(durations[0]).toEqual([1, 1, 1, 6, 6]);
      for (const rung of durations) expect(rung).toEqual(durations[0]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('progressTracker', () => {
  it('turns -progress lines into rising percentages, 100 only at the end', () => {
    const seen: number[] = [];
    const track = progressTracker(10, (percent) => seen.push(percent));
    track('frame', '12');
    track('out_time_us', '2500000');
    track('out_time_ms', '2500000');
    track('out_time_us', '9990000');
    track('out_time_us', 'N/A');
    track('progress', 'continue');
    track('out_time_us', '10500000');
    track('progress', 'end');
    expect(seen).toEqual([25, 99, 100]);
  });
});

describe('rewritePlaylist', () => {
  const sign = (file: string) => `/signed/${file}`;

  it('signs every URI line and URI attribute relative to the playlist, and drops what leaves the asset', () => {
    const text = [
      '#EXTM3U',
      '#EXT-X-MAP:URI="init.mp4"',
      '#EXTINF:6.0,',
      'seg_000.ts',
      '#EXTINF:6.0,',
      '../v1/seg_001.ts',
      '#EXTINF:6.0,',
      'https://elsewhere.example/seg.ts',
      '../../etc/passwd',
      '#EXT-X-ENDLIST',
    ].join('\n');
    expect(rewritePlaylist(text, 'v0/index.m3u8', sign).split('\n')).toEqual([
      '#EXTM3U',
      '#EXT-X-MAP:URI=""',
      '#EXTINF:6.0,',
      '/signed/v0/seg_000.ts',
      '#EXTINF:6.0,',
      '/signed/v1/seg_001.ts',
      '#EXTINF:6.0,',
      '',
      '',
      '#EXT-X-ENDLIST',
    ]);
    expect(resolveInside('master.m3u8', 'v2/index.m3u8')).toBe('v2/index.m3u8');
    expect(resolveInside('master.m3u8', '/v2/index.m3u8')).toBeNull();
  });
});

describe('isPrivatePath', () => {
  it('recognises the video prefix however the path is written', () => {
    for (const path of [
      '/video/assets/1/master.m3u8',
      '//video/x',
      '/./video/x',
      '/%76ideo/x',
      '/a/../video/x',
      '/VIDEO/x',
      '/video',
    ])
      expect(isPrivatePath(path), path).toBe(true);
    for (const path of ['/seed/courses/a.svg', '/users/1/video.png', '/videos/x'])
      expect(isPrivatePath(path), path).toBe(false);
  });
});

describe('the audio-only rendition', () => {
  it('is AAC alone in 6-second MPEG-TS segments beside the rungs, not named by the master playlist', async () => {
    const { FFMPEG_PATH: ffmpeg, FFPROBE_PATH: ffprobe } = loadEnv({});
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'khai-tri-audio-'));
    try {
      const clip = path.join(dir, 'clip.mp4');
      await runTool(ffmpeg, buildTestClipArgs(clip, { seconds: 14, width: 426, height: 240 }));
      const source = await probe(ffprobe, clip);
      await runTool(ffmpeg, buildHlsArgs(clip, dir, planLadder(source.width, source.height), source));
      fs.mkdirSync(path.join(dir, 'audio'));
      await runTool(ffmpeg, buildAudioOnlyArgs(clip, dir));
      const playlist = fs.readFileSync(path.join(dir, 'audio', 'index.m3u8'), 'utf8');
      const durations = [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].map((match) => Math.round(Number(match[1])));
      expect(durations).toEqual([6, 6, 2]);
      const segment = path.join(dir, 'audio', 'seg_000.ts');
      const streams = JSON.parse(
        await runTool(ffprobe, [
          '-v',
          'error',
          '-show_entries',
          'stream=codec_type,codec_name',
          '-of',
          'json',
          segment,
        ]),
      ) as { streams: { codec_type: string; codec_name: string }[] };
      expect(streams.streams).toEqual([{ codec_type: 'audio', codec_name: 'aac' }]);
      // About 64 kbps: 6 s of it is far below a 240p video segment of the same span.
      const size = fs.statSync(segment).size;
      expect(size).toBeLessThan(((AUDIO_ONLY_KBPS * 1000) / 8) * 6 * 1.5);
      expect(size).toBeLessThan(fs.statSync(path.join(dir, 'v0', 'seg_003.ts')).size);
      expect(fs.readFileSync(path.join(dir, 'master.m3u8'), 'utf8')).not.toContain('audio/');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
