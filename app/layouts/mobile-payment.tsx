import { Outlet, useSearchParams } from 'react-router';
import { SiteFrame } from '../components/site-frame';

/**
 * Checkout. Inside the mobile app's web view (`?app=1`) it drops the site's header and footer and
 * keeps only the payment; on the web it sits in the site frame.
 */
export default function MobilePaymentLayout() {
  const [params] = useSearchParams();
  if (params.get('app') === '1') {
    return (
      <div data-layout="mobile-payment" className="min-h-dvh bg-slate-50">
        <main id="noi-dung" className="mx-auto max-w-lg px-4 py-4">
          <Outlet />
        </main>
      </div>
    );
  }
  return (
    <SiteFrame layout="mobile-payment">
      <Outlet />
    </SiteFrame>
  );
}
