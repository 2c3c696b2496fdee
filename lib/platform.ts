/**
 * Learning platform options (SPEC §3). The value spelling `flatform_*` is the
 * API's own and must be kept.
 */

export type LearningPlatformValue = 'flatform_app' | 'flatform_web' | 'flatform_web_app' | 'platform_cross' | '';

export interface LearningPlatform {
  readonly label: string;
  readonly value: LearningPlatformValue;
}

export const LEARNING_PLATFORMS: readonly LearningPlatform[] = Object.freeze(
  [
    { label: 'Chỉ học trên App', value: 'flatform_app' },
    { label: 'Chỉ học trên Website', value: 'flatform_web' },
    { label: 'Học trên Website và App', value: 'flatform_web_app' },
    { label: 'Đa nền tảng', value: 'platform_cross' },
    { label: 'Không xác định', value: '' },
  ].map((platform) => Object.freeze(platform as LearningPlatform)),
);

export function isLearningPlatform(value: unknown): value is LearningPlatformValue {
  return LEARNING_PLATFORMS.some((platform) => platform.value === value);
}

/**
 * The label of a platform value; the empty-string value is `Không xác định`.
 * Unknown values, null and undefined give an empty string (exact match only:
 * no trimming or case folding).
 */
export function describePlatform(value: unknown): string {
  return LEARNING_PLATFORMS.find((platform) => platform.value === value)?.label ?? '';
}

/**
 * Whether a course is studied only in the app ("Chỉ học trên App"): the installed Khai Trí app opens
 * it; a plain browser tab offers the installation instead (decision 0015).
 */
export function isAppOnly(value: unknown): boolean {
  return value === 'flatform_app';
}
