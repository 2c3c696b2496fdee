/**
 * The content module's tables (issue 4): posts of every type, hashtags, media lists and generic pages, composed into
 * db/schema.ts.
 */
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Counter, Flag, Timestamp } from '../../kernel/db/columns.ts';

export interface PagesTable {
  id: Generated<number>;
  slug: string;
  title: string;
  description: string | null;
  content: string;
  is_published: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TagsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  created_at: Timestamp;
}

export type PostType = 'post' | 'exam_gate' | 'solution' | 'landing_page' | 'feedback' | 'intro';

export interface PostsTable {
  id: Generated<number>;
  type: PostType;
  category_id: number | null;
  /** One segment, or several joined by '/' for solutions (/giai-phap/{slug...}). */
  slug: string;
  title: string;
  summary: string | null;
  content: string;
  thumbnail: string | null;
  author_name: string | null;
  is_featured: Flag;
  is_published: Flag;
  view_count: Counter;
  published_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PostTagsTable {
  post_id: number;
  tag_id: number;
}

export interface MediaTable {
  id: Generated<number>;
  group_name: string;
  title: string;
  url: string;
  link_url: string | null;
  description: string | null;
  /** SPEC §3: optional numeric index used for ordering. */
  sort_index: number | null;
  is_active: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Composed into `Database` (db/schema.ts). */
export interface ContentTables {
  pages: PagesTable;
  tags: TagsTable;
  posts: PostsTable;
  post_tags: PostTagsTable;
  media: MediaTable;
}

export type PageRow = Selectable<PagesTable>;
export type NewPage = Insertable<PagesTable>;
export type PageUpdate = Updateable<PagesTable>;
export type TagRow = Selectable<TagsTable>;
export type NewTag = Insertable<TagsTable>;
export type PostRow = Selectable<PostsTable>;
export type NewPost = Insertable<PostsTable>;
export type MediaRow = Selectable<MediaTable>;
export type NewMedia = Insertable<MediaTable>;
