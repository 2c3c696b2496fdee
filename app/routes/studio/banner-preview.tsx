import { data, Link } from 'react-router';
import { BannerSlot } from '../../components/banner-slot';
import { DISPLAY_RULE_TEXT, placementLabel } from '../../components/studio/site-labels';
import { Empty, PageTitle, textLinkClass } from '../../components/studio/studio-ui';
import { requireStudio } from '../../guards.server';
import { buildMeta } from '../../meta';
import type { Route } from './+types/banner-preview';

/** A placement as the public site shows it now, to a signed-in member or to a guest. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireStudio(request, context, 'site.write');
  const placement = Number(params.placement);
  if (!Number.isInteger(placement) || placement < 1 || placement > 26)
    throw data({ message: 'Vị trí hiển thị phải là mã 1–26.' }, { status: 404 });
  const guest = new URL(request.url).searchParams.get('nguoi-xem') === 'khach';
  const { all } = await context.services.siteAdmin.listBanners({ placement, page: 1, limit: 1000 });
  const shown = all.filter((banner) => banner.is_live && banner.display_rule !== (guest ? 'signed_in' : 'signed_out'));
  const hidden = all.filter((banner) => !shown.includes(banner));
  return { placement, guest, shown, hidden };
}

export const meta: Route.MetaFunction = ({ matches, data: loaded }) =>
  buildMeta(matches, { title: `Xem trước vị trí ${loaded?.placement ?? ''} — Studio` });

export default function BannerPreview({ loaderData }: Route.ComponentProps) {
  const { placement, guest, shown, hidden } = loaderData;
  const tab = (active: boolean) =>
    `rounded-xl border px-3 py-1.5 text-sm ${active ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300'}`;
  return (
    <div>
      <PageTitle
        title={`Xem trước vị trí ${placementLabel(placement)}`}
        back={{ to: `/studio/banner?placement=${placement}`, label: 'Banner' }}
      />
      <nav aria-label="Người xem" className="mb-3 flex gap-2">
        <Link to="?nguoi-xem=thanh-vien" className={tab(!guest)} aria-current={!guest ? 'page' : undefined}>
          Thành viên đã đăng nhập
        </Link>
        <Link to="?nguoi-xem=khach" className={tab(guest)} aria-current={guest ? 'page' : undefined}>
          Khách
        </Link>
      </nav>
      <section
        aria-label="Bản xem trước"
        className="rounded-2xl border border-slate-200 bg-white p-4"
        data-testid="preview"
      >
        {shown.filter((banner) => banner.type === 'banner').length > 0 ? (
          <BannerSlot banners={shown} placement={placement} />
        ) : (
          <Empty>Vị trí này hiện không hiển thị banner nào cho người xem này.</Empty>
        )}
        {shown
          .filter((banner) => banner.type === 'popup')
          .map((popup) => (
            <p key={popup.id} className="mt-3 text-sm text-slate-700">
              Popup: {popup.title}
            </p>
          ))}
      </section>
      {hidden.length > 0 ? (
        <section className="mt-4">
          <h2 className="mb-2 font-semibold">Không hiển thị lúc này</h2>
          <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white text-sm">
            {hidden.map((banner) => (
              <li key={banner.id} className="px-4 py-2">
                <Link to={`/studio/banner/${banner.id}`} className={`${textLinkClass} font-medium`}>
                  {banner.title}
                </Link>{' '}
                —{' '}
                {!banner.is_active
                  ? 'đang tắt'
                  : !banner.is_live
                    ? 'ngoài thời gian hiển thị'
                    : DISPLAY_RULE_TEXT[banner.display_rule]}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
