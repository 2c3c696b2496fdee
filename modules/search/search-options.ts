/** Search sorts (SPEC §3: 'Liên quan' by default, title, content, posting date) and kinds, for the API and the pages. */
export const SEARCH_SORTS = ['relevance', 'title', 'content', 'date'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const SEARCH_SORT_LABELS: Record<SearchSort, string> = {
  relevance: 'Liên quan',
  title: 'Tiêu đề',
  content: 'Nội dung',
  date: 'Ngày đăng',
};
export const SEARCH_KINDS = ['course', 'post', 'support'] as const;
export const SEARCH_KIND_LABELS: Record<(typeof SEARCH_KINDS)[number], string> = {
  course: 'Khóa học',
  post: 'Tin tức',
  support: 'Hỗ trợ',
};
