/** Labels of the studio site pages: placements (SPEC §2), banner kinds, display rules. */
export const PLACEMENT_TEXT: Record<number, string> = {
  1: 'Trang chủ',
  2: 'Trang khóa học',
  3: 'Trang cổng thi',
  4: 'Khóa học của tôi',
  5: 'Trang giới thiệu',
  6: 'Trang lỗi',
  7: 'Chân trang',
  8: 'Trang chủ phụ huynh',
  9: 'Trang chủ báo chí',
  10: 'Trang giải pháp',
  11: 'Chi tiết giải pháp',
  12: 'Trang giảng viên',
  13: 'Trang gói học',
  14: 'Banner khóa combo',
  15: 'Popup trang chủ',
  16: 'Giải pháp trang chủ',
  17: 'Khối gợi ý giữa trang chủ',
  18: 'Khối gợi ý cuối trang chủ',
  19: 'Khối chuyển đổi số trang chủ',
  20: 'Banner trên cổng thi',
  21: 'Banner dưới cổng thi',
  22: 'Trang tin tức',
  23: 'Trang hashtag',
  24: 'Trang chủ đối tác',
  25: 'Giới thiệu đối tác',
  26: 'Chân trang giới thiệu',
};

export const placementLabel = (code: number) => `${code} · ${PLACEMENT_TEXT[code] ?? 'Vị trí khác'}`;

export const BANNER_TYPE_TEXT: Record<string, string> = { banner: 'Banner', popup: 'Popup' };
export const MEDIA_TYPE_TEXT: Record<string, string> = {
  static: 'Ảnh',
  video: 'Video',
  popup_content: 'Nội dung popup',
};
export const DISPLAY_RULE_TEXT: Record<string, string> = {
  all: 'Mọi người',
  signed_in: 'Chỉ người đã đăng nhập',
  signed_out: 'Chỉ khách chưa đăng nhập',
};
export const SUBJECT_TYPE_TEXT: Record<string, string> = { field: 'Lĩnh vực', topic: 'Chủ đề' };

/** `2026-12-01T01:00:00.000Z` → `2026-12-01T08:00` (Vietnam time) for a datetime-local field. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  return new Date(Date.parse(iso) + 7 * 3600_000).toISOString().slice(0, 16);
}
