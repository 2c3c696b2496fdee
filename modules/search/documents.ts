/**
 * Builders of search documents for each indexed entity. Whoever writes a course, a post or a help
 * article (factories and seed now, the studio later) calls `upsertSearchDocument` with one of these
 * in the same transaction, so the index is current after every write.
 */
import { describeCourseUrl, describePostUrl, describeSupportUrl, type PostTypeName } from '../../lib/content-urls.ts';
import { toPlainText } from './highlight.ts';
import type { SearchDocumentInput } from './search.repository.ts';

function iso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value.toISOString() : value;
}

export function buildCourseDocument(course: {
  id: number;
  slug: string;
  title: string;
  type: string;
  summary?: string | null;
  description?: string | null;
  thumbnail?: string | null;
  published_at?: Date | string | null;
  teacherName?: string | null;
}): SearchDocumentInput {
  return {
    kind: 'course',
    entity_id: course.id,
    subtype: course.type,
    url: describeCourseUrl(course.slug),
    title: course.title,
    body: [course.summary, toPlainText(course.description), course.teacherName].filter(Boolean).join(' — '),
    thumbnail: course.thumbnail ?? null,
    published_at: iso(course.published_at),
  };
}

export function buildPostDocument(post: {
  id: number;
  type: PostTypeName;
  slug: string;
  title: string;
  summary?: string | null;
  content: string;
  thumbnail?: string | null;
  published_at?: Date | string | null;
}): SearchDocumentInput {
  return {
    kind: 'post',
    entity_id: post.id,
    subtype: post.type,
    url: describePostUrl(post.type, post.slug),
    title: post.title,
    body: [post.summary, toPlainText(post.content)].filter(Boolean).join(' — '),
    thumbnail: post.thumbnail ?? null,
    published_at: iso(post.published_at),
  };
}

export function buildSupportDocument(article: {
  id: number;
  slug: string;
  title: string;
  summary?: string | null;
  content: string;
  subtype?: string | null;
  published_at?: Date | string | null;
}): SearchDocumentInput {
  return {
    kind: 'support',
    entity_id: article.id,
    subtype: article.subtype ?? null,
    url: describeSupportUrl(article.slug),
    title: article.title,
    body: [article.summary, toPlainText(article.content)].filter(Boolean).join(' — '),
    thumbnail: null,
    published_at: iso(article.published_at),
  };
}
