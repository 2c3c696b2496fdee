/** Labels of the post content types (SPEC §3), for the studio's content pages. */
export const POST_TYPE_TEXT: Record<string, string> = {
  post: 'Tin tức',
  exam_gate: 'Cổng thi',
  solution: 'Giải pháp',
  landing_page: 'Trang đích',
  feedback: 'Cảm nhận',
  intro: 'Giới thiệu',
};
