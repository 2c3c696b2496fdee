import { requireViewer } from '../guards.server';
import { buildMeta } from '../meta';
import type { Route } from './+types/study';

/** /vao-hoc/{slug}: the study page, for signed-in learners. */
export function loader({ params, request, context }: Route.LoaderArgs) {
  requireViewer(request, context);
  return { slug: params.slug };
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Vào học' });

export default function StudyPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-bold text-white">Vào học</h1>
      <p className="mt-2 text-slate-300">
        Khóa học: <code>{loaderData.slug}</code>
      </p>
      <p
        className="mt-6 rounded-xl border border-dashed border-slate-700 px-4 py-8 text-center text-slate-300"
        data-testid="page-frame-empty"
      >
        Bài học và mục lục khóa học sẽ sớm có tại đây.
      </p>
    </div>
  );
}
