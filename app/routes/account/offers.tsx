import { Link } from 'react-router';
import { describeOfferConditions, describeOfferValue, describeOfferWindow } from '../../../lib/format/promotion';
import { CopyButton } from '../../components/copy-button';
import { PageFrame } from '../../components/page-frame';
import { requireViewer } from '../../guards.server';
import { buildMeta } from '../../meta';
import type { Route } from './+types/offers';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  return { offers: await context.services.promotions.listUsableBy(viewer.id) };
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Ưu đãi' });

export default function OffersPage({ loaderData }: Route.ComponentProps) {
  const { offers } = loaderData;
  return (
    <PageFrame title="Ưu đãi" crumbs={[{ label: 'Tài khoản', to: '/tai-khoan/ho-so' }]}>
      {offers.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-4 py-10 text-center text-slate-600">
          <p className="mb-4">Hiện chưa có ưu đãi nào dành cho bạn. Hãy quay lại sau nhé!</p>
          <Link to="/khoa-hoc" className="btn-primary inline-flex">
            Khám phá khóa học
          </Link>
        </div>
      ) : (
        <>
          <p className="mb-4 text-slate-700">
            Nhập mã ở bước thanh toán để được giảm giá. Mỗi mã dùng được theo điều kiện bên dưới.
          </p>
          <ul className="grid gap-4 md:grid-cols-2" aria-label="Ưu đãi dành cho bạn">
            {offers.map((offer) => (
              <li key={offer.code} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-4">
                <p className="text-lg font-extrabold text-brand-700">{describeOfferValue(offer)}</p>
                <h2 className="font-semibold text-slate-900">{offer.name}</h2>
                {offer.description ? <p className="mt-1 text-sm text-slate-700">{offer.description}</p> : null}
                <ul className="mt-2 list-disc space-y-0.5 pl-5 text-sm text-slate-700">
                  {describeOfferConditions(offer).map((condition) => (
                    <li key={condition}>{condition}</li>
                  ))}
                </ul>
                <p className="mt-2 text-sm text-slate-600">{describeOfferWindow(offer)}</p>
                <div className="mt-auto flex items-center justify-between gap-2 pt-3">
                  <code
                    id={`ma-${offer.code}`}
                    data-testid="offer-code"
                    className="rounded-lg border border-dashed border-brand-600 bg-brand-50 px-3 py-1.5 font-mono font-bold tracking-wider select-all"
                  >
                    {offer.code}
                  </code>
                  <CopyButton text={offer.code} targetId={`ma-${offer.code}`} label={`Sao chép mã ${offer.code}`} />
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </PageFrame>
  );
}
