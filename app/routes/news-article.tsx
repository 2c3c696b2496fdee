import { Link } from 'react-router';
import { formatDateTime } from '../../lib/format/date';
import { ContestPanel } from '../components/exams/contest-panel';
import { PageFrame } from '../components/page-frame';
import { PostGrid } from '../components/post-card';
import { loginRedirectTarget } from '../guards.server';
import { loadOr404 } from '../not-found.server';
import { absoluteUrl, breadcrumbLd, buildSeoMeta, readPublicUrl } from '../seo';
import type { Route } from './+types/news-article';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const post = await loadOr404(request, () =>
    context.services.content.getPost({ slug: params.slug, types: ['post', 'exam_gate'] }),
  );
  // An exam_gate post presents its contest: state, window, countdown and the way in.
  const contest =
    post.type === 'exam_gate' ? await context.services.exams.contestOfPost(context.viewer?.id ?? null, post.id) : null;
  const secondsUntil = (at: string | null) =>
    contest && at ? Math.max(0, Math.ceil((Date.parse(at) - Date.parse(contest.server_now)) / 1000)) : 0;
  return {
    post,
    contest: contest
      ? {
          details: contest,
          opensIn: secondsUntil(contest.opens_at),
          closesIn: secondsUntil(contest.closes_at),
          signInPath: loginRedirectTarget(request),
        }
      : null,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return buildSeoMeta(matches, { title: 'Tin tức', path: '/tin-tuc' });
  const { post } = loaderData;
  const publicUrl = readPublicUrl(matches);
  return buildSeoMeta(matches, {
    title: post.title,
    description: post.summary ?? post.content,
    path: post.url,
    image: post.thumbnail,
    type: 'article',
    jsonLd: [
      {
        '@type': 'Article',
        headline: post.title,
        description: post.summary ?? undefined,
        ...(post.thumbnail ? { image: [absoluteUrl(publicUrl, post.thumbnail)] } : {}),
        datePublished: post.published_at ?? undefined,
        dateModified: post.updated_at,
        author: { '@type': 'Organization', name: post.author_name ?? 'Khai Trí' },
        publisher: {
          '@type': 'Organization',
          name: 'Khai Trí',
          logo: { '@type': 'ImageObject', url: absoluteUrl(publicUrl, '/favicon.svg') },
        },
        mainEntityOfPage: absoluteUrl(publicUrl, post.url),
        keywords: post.tags.map((tag) => tag.name).join(', '),
      },
      breadcrumbLd(publicUrl, [
        ['Trang chủ', '/'],
        ['Tin tức', '/tin-tuc'],
        ...(post.category
          ? ([[post.category.name, `/danh-muc-tin-tuc/${post.category.slug}`]] as Array<[string, string]>)
          : []),
        [post.title, post.url],
      ]),
    ],
  });
};

export default function NewsArticlePage({ loaderData }: Route.ComponentProps) {
  const { post, contest } = loaderData;
  const crumbs = [
    { label: 'Tin tức', to: '/tin-tuc' },
    ...(post.category ? [{ label: post.category.name, to: `/danh-muc-tin-tuc/${post.category.slug}` }] : []),
  ];
  return (
    <PageFrame title={post.title} crumbs={crumbs}>
      <p className="-mt-3 mb-4 text-sm text-slate-600">
        {post.author_name ? `${post.author_name} · ` : ''}
        {post.published_at ? <time dateTime={post.published_at}>{formatDateTime(post.published_at)}</time> : null}
      </p>
      {post.summary ? <p className="mb-4 text-lg font-medium text-slate-800">{post.summary}</p> : null}
      {contest ? (
        <ContestPanel
          contest={contest.details}
          opensIn={contest.opensIn}
          closesIn={contest.closesIn}
          signInPath={contest.signInPath}
        />
      ) : null}
      {post.thumbnail ? (
        <img src={post.thumbnail} alt="" width={640} height={360} className="mb-6 w-full rounded-2xl" />
      ) : null}
      <article className="prose-content text-slate-800" dangerouslySetInnerHTML={{ __html: post.content }} />
      {post.tags.length > 0 ? (
        <ul aria-label="Hashtag" className="mt-6 flex flex-wrap gap-2">
          {post.tags.map((tag) => (
            <li key={tag.id}>
              <Link
                to={`/hashtag/${tag.slug}`}
                className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-700 hover:bg-brand-100"
              >
                #{tag.name}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {post.related.length > 0 ? (
        <section aria-labelledby="bai-lien-quan" className="mt-10">
          <h2 id="bai-lien-quan" className="mb-3 text-xl font-bold">
            Bài viết liên quan
          </h2>
          <PostGrid posts={post.related} />
        </section>
      ) : null}
    </PageFrame>
  );
}
