import { Form, Link, useLocation } from 'react-router';
import { bannersQuery } from '../../../modules/site';
import { Pagination } from '../../components/pagination';
import { placementLabel } from '../../components/studio/site-labels';
import {
  Badge,
  buttonClass,
  Empty,
  FilterActions,
  FilterSelect,
  inputClass,
  PageTitle,
} from '../../components/studio/studio-ui';
import { requireStudio } from '../../guards.server';
import { buildMeta } from '../../meta';
import { readListQuery } from '../../studio.server';
import type { Route } from './+types/banners';

const PLACEMENTS = Object.fromEntries(Array.from({ length: 26 }, (_, i) => [String(i + 1), placementLabel(i + 1)]));

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStudio(request, context, 'site.write');
  const { query, csv } = readListQuery(bannersQuery, request, '/api/admin/banners.json');
  const { items, total } = await context.services.siteAdmin.listBanners(query);
  return { items, total, query, csv };
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Banner — Studio' });

export default function StudioBanners({ loaderData }: Route.ComponentProps) {
  const { items, total, query, csv } = loaderData;
  const location = useLocation();
  return (
    <div>
      <PageTitle title="Banner theo vị trí" />
      <div className="mb-4 flex flex-wrap gap-2">
        <Link to="/studio/banner/moi" className={buttonClass}>
          Thêm banner
        </Link>
        {query.placement ? (
          <Link
            to={`/studio/banner/vi-tri/${query.placement}`}
            className="rounded-xl border border-slate-300 px-4 py-2 text-slate-800"
          >
            Xem trước vị trí {query.placement}
          </Link>
        ) : null}
      </div>
      <Form
        method="get"
        className="mb-4 grid gap-3 rounded-2xl border border-slate-200 bg-white p-3 sm:grid-cols-[1fr_220px_160px_auto]"
      >
        <label className="text-sm">
          <span className="mb-1 block font-medium text-slate-800">Tên banner</span>
          <input type="search" name="q" defaultValue={query.q ?? ''} className={inputClass} />
        </label>
        <FilterSelect label="Vị trí" name="placement" value={query.placement?.toString()} options={PLACEMENTS} />
        <FilterSelect
          label="Trạng thái"
          name="status"
          value={query.status}
          options={{ active: 'Đang bật', inactive: 'Đang tắt' }}
        />
        <FilterActions csv={csv} />
      </Form>
      <p className="mb-2 text-sm text-slate-700">{total} banner</p>
      {items.length === 0 ? (
        <Empty>Chưa có banner nào khớp bộ lọc.</Empty>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
          {items.map((banner) => (
            <li key={banner.id}>
              <Link
                to={`/studio/banner/${banner.id}`}
                className="grid gap-2 px-4 py-3 hover:bg-slate-50 sm:grid-cols-[120px_1fr_auto] sm:items-center sm:gap-4"
              >
                {banner.image_pc ? (
                  <img src={banner.image_pc} alt="" className="aspect-[3/1] w-full rounded-lg object-cover sm:w-28" />
                ) : (
                  <span className="hidden sm:block" />
                )}
                <span>
                  <span className="font-semibold">{banner.title}</span>
                  <span className="block text-sm text-slate-700">
                    Vị trí {placementLabel(banner.placement)} · thứ tự {banner.position}
                  </span>
                </span>
                <Badge
                  value={banner.is_live ? 'active' : 'draft'}
                  text={banner.is_live ? 'Đang hiển thị' : banner.is_active ? 'Ngoài thời gian' : 'Đang tắt'}
                />
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={query.page} limit={query.limit} total={total} search={location.search} />
    </div>
  );
}
