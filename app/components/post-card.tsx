import { Link } from 'react-router';
import { formatDate } from '../../lib/format/date';
import type { PostListItem } from '../../modules/content';

/** A news post in a list: cover, category, title, summary, date. */
export function PostCard({ post }: { post: PostListItem }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      {post.thumbnail ? (
        <Link to={post.url} tabIndex={-1} aria-hidden="true">
          <img
            src={post.thumbnail}
            alt=""
            width={640}
            height={360}
            loading="lazy"
            decoding="async"
            className="aspect-video w-full bg-slate-100 object-cover"
          />
        </Link>
      ) : null}
      <div className="flex flex-1 flex-col gap-1 p-3">
        {post.category ? (
          <Link
            to={`/danh-muc-tin-tuc/${post.category.slug}`}
            className="inline-flex min-h-6 items-center self-start text-xs font-semibold uppercase text-brand-700 hover:underline"
          >
            {post.category.name}
          </Link>
        ) : null}
        <h3 className="line-clamp-2 font-semibold text-slate-900">
          <Link to={post.url} className="hover:text-brand-700">
            {post.title}
          </Link>
        </h3>
        {post.summary ? <p className="line-clamp-2 text-sm text-slate-600">{post.summary}</p> : null}
        {post.published_at ? (
          <p className="mt-auto pt-1 text-xs text-slate-600">{formatDate(post.published_at)}</p>
        ) : null}
      </div>
    </article>
  );
}

export function PostGrid({ posts }: { posts: PostListItem[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {posts.map((post) => (
        <li key={post.id}>
          <PostCard post={post} />
        </li>
      ))}
    </ul>
  );
}

export function EmptyState({ children }: { children: React.ReactNode }) {
  return (
    <p
      className="rounded-xl border border-dashed border-slate-300 bg-slate-50 px-4 py-8 text-center text-slate-600"
      data-testid="empty-state"
    >
      {children}
    </p>
  );
}
