import { Link, redirect } from 'react-router';
import { SupportSearchForm } from '../components/content/support-search-form';
import { PageFrame } from '../components/page-frame';
import { buildSeoMeta } from '../seo';
import type { Route } from './+types/support';

const GROUP_LABELS: Record<string, string> = { product: 'Sản phẩm', guide: 'Hướng dẫn', policy: 'Chính sách' };

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams.get('q')?.trim().slice(0, 200);
  if (query) throw redirect(`/ho-tro-khach-hang/tim-kiem/${encodeURIComponent(query)}`);
  const [categories, articles] = await Promise.all([
    context.services.catalog.listCategories('support'),
    context.services.support.listArticles({ page: 1, limit: 100 }),
  ]);
  return {
    categories: categories.map((category) => ({
      ...category,
      articles: articles.items.filter((article) => article.category.id === category.id),
    })),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  buildSeoMeta(matches, {
    title: 'Hỗ trợ khách hàng',
    description: 'Câu hỏi thường gặp về tài khoản, khóa học, thanh toán và chính sách của Khai Trí.',
    path: '/ho-tro-khach-hang',
  });

export default function SupportPage({ loaderData }: Route.ComponentProps) {
  return (
    <PageFrame title="Hỗ trợ khách hàng" wide>
      <div className="mb-8 rounded-2xl bg-brand-50 p-4 sm:p-6">
        <p className="mb-3 font-semibold text-slate-900">Chúng tôi có thể giúp gì cho bạn?</p>
        <SupportSearchForm />
        <p className="mt-3 text-sm text-slate-700">
          Tổng đài miễn phí{' '}
          <a href="tel:18001090" className="font-semibold">
            1800 1090
          </a>{' '}
          hoặc{' '}
          <Link to="/lien-he" className="font-semibold text-brand-700 underline">
            gửi yêu cầu hỗ trợ
          </Link>
          .
        </p>
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        {loaderData.categories.map((category) => (
          <section
            key={category.id}
            aria-labelledby={`nhom-${category.slug}`}
            className="rounded-2xl border border-slate-200 bg-white p-4"
          >
            <p className="text-xs font-semibold uppercase text-brand-700">
              {GROUP_LABELS[category.subtype ?? ''] ?? ''}
            </p>
            <h2 id={`nhom-${category.slug}`} className="mb-2 text-lg font-bold">
              {category.name}
            </h2>
            <ul className="space-y-1">
              {category.articles.map((article) => (
                <li key={article.id}>
                  <Link
                    to={article.url}
                    className="inline-flex min-h-6 items-center text-slate-800 hover:text-brand-700 hover:underline"
                  >
                    {article.title}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </PageFrame>
  );
}
