import { Outlet } from 'react-router';
import { SiteFrame } from '../components/site-frame';

/** News pages: the site frame with a reading-width column. */
export default function BlogLayout() {
  return (
    <SiteFrame layout="blog">
      <div className="bg-gradient-to-b from-brand-50 to-white">
        <Outlet />
      </div>
    </SiteFrame>
  );
}
