import { describe, expect, it } from 'vitest';
import { describePlatform, isAppOnly, isLearningPlatform, LEARNING_PLATFORMS } from './platform.ts';

describe('LEARNING_PLATFORMS', () => {
  it('lists the five options of SPEC §3 in order', () => {
    expect(LEARNING_PLATFORMS).toEqual([
      { label: 'Chỉ học trên App', value: 'flatform_app' },
      { label: 'Chỉ học trên Website', value: 'flatform_web' },
      { label: 'Học trên Website và App', value: 'flatform_web_app' },
      { label: 'Đa nền tảng', value: 'platform_cross' },
      { label: 'Không xác định', value: '' },
    ]);
  });

  it('is frozen and NFC', () => {
    expect(Object.isFrozen(LEARNING_PLATFORMS)).toBe(true);
    expect(LEARNING_PLATFORMS.every((p) => Object.isFrozen(p))).toBe(true);
    for (const { label } of LEARNING_PLATFORMS) expect(label).toBe(label.normalize('NFC'));
    expect(LEARNING_PLATFORMS[3]?.label).toBe('\u0110a n\u1EC1n t\u1EA3ng');
  });
});

describe('describePlatform', () => {
  it.each([
    ['flatform_app', 'Chỉ học trên App'],
    ['flatform_web', 'Chỉ học trên Website'],
    ['flatform_web_app', 'Học trên Website và App'],
    ['platform_cross', 'Đa nền tảng'],
    ['', 'Không xác định'],
  ])('%o → %s', (value, label) => {
    expect(describePlatform(value)).toBe(label);
  });

  it.each([null, undefined, 'FLATFORM_APP', ' flatform_app', 'platform_app', 'flatform_cross', 0, false])(
    'unknown %o → empty string',
    (value) => {
      expect(describePlatform(value)).toBe('');
    },
  );
});

describe('isLearningPlatform', () => {
  it('accepts exactly the five values', () => {
    expect(['flatform_app', 'flatform_web', 'flatform_web_app', 'platform_cross', ''].every(isLearningPlatform)).toBe(
      true,
    );
    expect(isLearningPlatform('web')).toBe(false);
    expect(isLearningPlatform(null)).toBe(false);
    expect(isLearningPlatform(undefined)).toBe(false);
  });
});

describe('isAppOnly', () => {
  it('is true only for "Chỉ học trên App"', () => {
    expect(isAppOnly('flatform_app')).toBe(true);
    for (const value of ['flatform_web', 'flatform_web_app', 'platform_cross', '', 'FLATFORM_APP', null, undefined]) {
      expect(isAppOnly(value)).toBe(false);
    }
  });
});
