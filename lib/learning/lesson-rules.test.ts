import { describe, expect, it } from 'vitest';
import {
  coursePercent,
  hasWatchedEnough,
  isPdfUrl,
  parseYoutubeId,
  safeMediaUrl,
  studyUrl,
  youtubeEmbedUrl,
} from './lesson-rules.ts';

describe('parseYoutubeId', () => {
  it('reads ids from bare ids and every usual URL form', () => {
    expect(parseYoutubeId('dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(parseYoutubeId('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3')).toBe('dQw4w9WgXcQ');
    expect(parseYoutubeId('https://youtu.be/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(parseYoutubeId('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(parseYoutubeId('https://m.youtube.com/shorts/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
  });
  it('refuses other hosts and malformed ids', () => {
    expect(parseYoutubeId('https://www.youtube.com.evil.com/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(parseYoutubeId('https://youtu.be/short')).toBeNull();
    expect(parseYoutubeId('')).toBeNull();
    expect(parseYoutubeId(null)).toBeNull();
  });
  it('embeds without cookies, starting where asked', () => {
    expect(youtubeEmbedUrl('dQw4w9WgXcQ', 42.7)).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0&modestbranding=1&start=42',
    );
  });
});

describe('completion and percentages', () => {
  it('needs 90 % of a video', () => {
    expect(hasWatchedEnough(89, 100)).toBe(false);
    expect(hasWatchedEnough(90, 100)).toBe(true);
    expect(hasWatchedEnough(4, 4)).toBe(true);
    expect(hasWatchedEnough(1, null)).toBe(true);
    expect(hasWatchedEnough(0, 0)).toBe(false);
  });
  it('floors the percentage and never exceeds 100', () => {
    expect(coursePercent(1, 3)).toBe(33);
    expect(coursePercent(2, 3)).toBe(66);
    expect(coursePercent(3, 3)).toBe(100);
    expect(coursePercent(5, 3)).toBe(100);
    expect(coursePercent(0, 0)).toBe(0);
  });
  it('builds study links and recognises PDFs', () => {
    expect(studyUrl('toan-12', 7)).toBe('/vao-hoc/toan-12?bai=7');
    expect(studyUrl('toan-12')).toBe('/vao-hoc/toan-12');
    expect(isPdfUrl('/uploads/a/tai-lieu.PDF?x=1')).toBe(true);
    expect(isPdfUrl('/uploads/a/tai-lieu.docx')).toBe(false);
  });
});

describe('safeMediaUrl', () => {
  it('keeps site paths and http(s) URLs, drops everything else', () => {
    expect(safeMediaUrl('/uploads/tai-lieu.pdf')).toBe('/uploads/tai-lieu.pdf');
    expect(safeMediaUrl(' https://cdn.example.vn/v/master.m3u8 ')).toBe('https://cdn.example.vn/v/master.m3u8');
    expect(safeMediaUrl('javascript:alert(1)')).toBeNull();
    expect(safeMediaUrl('//evil.example/x.pdf')).toBeNull();
    expect(safeMediaUrl('data:text/html,hi')).toBeNull();
    expect(safeMediaUrl('')).toBeNull();
  });
});
