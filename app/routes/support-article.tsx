import { Form, Link, useNavigation } from 'react-router';
import { SupportSearchForm } from '../components/content/support-search-form';
import { PageFrame } from '../components/page-frame';
import { loadOr404 } from '../not-found.server';
import { breadcrumbLd, buildSeoMeta, readPublicUrl } from '../seo';
import type { Route } from './+types/support-article';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const article = await loadOr404(request, () => context.services.support.getArticle({ slug: params.slug }));
  return { article };
}

/** "Was this helpful?" — counts the vote (support/like.json's service) and thanks the reader. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const article = await loadOr404(request, () => context.services.support.getArticle({ slug: params.slug }));
  const form = await request.formData();
  const helpful = form.get('helpful') !== 'no';
  await context.services.support.voteArticle(article.id, helpful);
  return { voted: helpful ? 'yes' : 'no' } as const;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return buildSeoMeta(matches, { title: 'Hỗ trợ khách hàng', path: '/ho-tro-khach-hang' });
  const { article } = loaderData;
  return buildSeoMeta(matches, {
    title: article.title,
    description: article.summary ?? article.content,
    path: article.url,
    type: 'article',
    jsonLd: [
      {
        '@type': 'FAQPage',
        mainEntity: [
          {
            '@type': 'Question',
            name: article.title,
            acceptedAnswer: { '@type': 'Answer', text: article.summary ?? article.content },
          },
        ],
      },
      breadcrumbLd(readPublicUrl(matches), [
        ['Trang chủ', '/'],
        ['Hỗ trợ khách hàng', '/ho-tro-khach-hang'],
        [article.title, article.url],
      ]),
    ],
  });
};

export default function SupportArticlePage({ loaderData, actionData }: Route.ComponentProps) {
  const { article } = loaderData;
  const busy = useNavigation().state === 'submitting';
  return (
    <PageFrame
      title={article.title}
      crumbs={[{ label: 'Hỗ trợ khách hàng', to: '/ho-tro-khach-hang' }, { label: article.category.name }]}
    >
      <article className="prose-content text-slate-800" dangerouslySetInnerHTML={{ __html: article.content }} />
      <section aria-label="Đánh giá bài viết" className="mt-8 rounded-2xl border border-slate-200 bg-white p-4">
        {actionData ? (
          <p role="status" className="font-medium text-emerald-800">
            Cảm ơn bạn đã góp ý!{actionData.voted === 'no' ? ' Hãy cho chúng tôi biết thêm qua trang Liên hệ.' : ''}
          </p>
        ) : (
          <Form method="post" className="flex flex-wrap items-center gap-3">
            <p className="font-medium text-slate-900">Bài viết này có hữu ích không?</p>
            <button
              type="submit"
              name="helpful"
              value="yes"
              disabled={busy}
              className="rounded-xl border border-emerald-600 px-4 py-2 font-semibold text-emerald-800 hover:bg-emerald-50"
            >
              Có
            </button>
            <button
              type="submit"
              name="helpful"
              value="no"
              disabled={busy}
              className="rounded-xl border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50"
            >
              Không
            </button>
            <span className="text-sm text-slate-600">{article.helpful_count} người thấy hữu ích</span>
          </Form>
        )}
      </section>
      {article.related.length > 0 ? (
        <section aria-labelledby="cau-hoi-khac" className="mt-8">
          <h2 id="cau-hoi-khac" className="mb-2 text-lg font-bold">
            Câu hỏi liên quan
          </h2>
          <ul className="space-y-1.5">
            {article.related.map((item) => (
              <li key={item.id}>
                <Link to={item.url} className="text-brand-700 hover:underline">
                  {item.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="mt-8">
        <SupportSearchForm />
      </div>
    </PageFrame>
  );
}
