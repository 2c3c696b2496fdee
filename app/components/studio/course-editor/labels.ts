/** The course editor's and the course list's words for a course's type, its packages and its lessons. */
export const COURSE_TYPE_TEXT: Record<string, string> = {
  retail: 'Khóa lẻ',
  no_retail: 'Không bán lẻ',
  combo: 'Combo',
  api: 'Khóa liên kết (API)',
};

/** SPEC §9 price period units. */
export const CYCLE_TEXT: Record<number, string> = {
  1: 'Gói ngày',
  2: 'Gói tuần',
  3: 'Gói tháng',
  4: 'Gói năm',
  5: 'Không thời hạn',
  6: 'Gói 10 ngày',
  7: 'Gói 30 ngày',
  8: 'Gói 90 ngày',
  9: 'Gói 180 ngày',
};

export const PAYMENT_TYPE_TEXT: Record<string, string> = {
  online: 'Thanh toán trực tuyến',
  sms: 'Trừ tiền tài khoản di động',
  sms_online: 'Cả hai',
};

export const LESSON_KIND_TEXT: Record<string, string> = {
  video: 'Video',
  youtube: 'YouTube',
  paragraph: 'Bài đọc',
  exam: 'Bài kiểm tra',
  document: 'Tài liệu',
};
