import { DownloadsList } from '../../components/offline/downloads-list';
import { requireViewer } from '../../guards.server';
import { buildMeta } from '../../meta';
import type { Route } from './+types/downloads';

/**
 * /tai-khoan/tai-ve: the lessons downloaded on this device (issue 21). Everything shown lives on the
 * device (IndexedDB, Cache Storage), so the page is the same for every learner and opens offline
 * from the service worker's copy.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  requireViewer(request, context);
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Bài học đã tải về' });

export default function DownloadsPage() {
  return (
    <div>
      <h1 className="mb-4 text-2xl font-bold text-slate-900">Bài học đã tải về</h1>
      <DownloadsList />
    </div>
  );
}
