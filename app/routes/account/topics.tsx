import { Form, useNavigation } from 'react-router';
import { PageFrame } from '../../components/page-frame';
import { requireViewer } from '../../guards.server';
import { buildMeta } from '../../meta';
import { runForm } from '../../forms.server';
import type { Route } from './+types/topics';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  return { subjects: await context.services.catalog.listSubjects({ viewerId: viewer.id }) };
}

/** Follow or unfollow a topic (subject/like.json's service). */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const form = await request.formData();
  const subjectId = Number(form.get('subject_id'));
  if (!Number.isInteger(subjectId) || subjectId < 1 || subjectId > 2_147_483_647) return null;
  return runForm({}, async () => {
    await context.services.catalog.setSubjectLike(viewer.id, subjectId, form.get('like') === '1');
    return null;
  });
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Chủ đề quan tâm' });

const GROUPS = [
  ['topic', 'Chủ đề'],
  ['field', 'Lĩnh vực'],
] as const;

export default function TopicsPage({ loaderData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  return (
    <PageFrame title="Chủ đề quan tâm" crumbs={[{ label: 'Tài khoản', to: '/tai-khoan/ho-so' }]}>
      <p className="mb-4 text-slate-700">Chọn chủ đề bạn quan tâm để nhận gợi ý khóa học phù hợp.</p>
      {GROUPS.map(([type, label]) => (
        <section key={type} aria-labelledby={`nhom-${type}`} className="mb-6">
          <h2 id={`nhom-${type}`} className="mb-2 font-bold">
            {label}
          </h2>
          <ul className="flex flex-wrap gap-2">
            {loaderData.subjects
              .filter((subject) => subject.type === type)
              .map((subject) => (
                <li key={subject.id}>
                  <Form method="post">
                    <input type="hidden" name="subject_id" value={subject.id} />
                    <input type="hidden" name="like" value={subject.liked ? '0' : '1'} />
                    <button
                      type="submit"
                      disabled={busy}
                      aria-pressed={subject.liked ? true : false}
                      className={`rounded-full px-3 py-1.5 text-sm font-medium ${subject.liked ? 'bg-brand-600 text-white' : 'bg-white text-slate-800 ring-1 ring-slate-300'}`}
                    >
                      {subject.liked ? '✓ ' : '+ '}
                      {subject.name}
                    </button>
                  </Form>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </PageFrame>
  );
}
