/** Where each kind of content lives on the site (SPEC §2 routes). */

export type PostTypeName = 'post' | 'exam_gate' | 'solution' | 'landing_page' | 'feedback' | 'intro';

/** News and exam-gate posts read at /tin-tuc/{slug}; solutions at /giai-phap/{slug...}; landing pages at /m/{slug}. */
export function describePostUrl(type: PostTypeName, slug: string): string {
  switch (type) {
    case 'solution':
      return `/giai-phap/${slug}`;
    case 'landing_page':
      return `/m/${slug}`;
    case 'intro':
    case 'feedback':
      return `/gioi-thieu#${slug}`;
    default:
      return `/tin-tuc/${slug}`;
  }
}

export function describeCourseUrl(slug: string): string {
  return `/khoa-hoc/${slug}`;
}

export function describeSupportUrl(slug: string): string {
  return `/ho-tro-khach-hang/${slug}`;
}
