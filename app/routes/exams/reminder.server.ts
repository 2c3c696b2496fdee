/** The "Nhắc tôi" form of /cong-thi and /cong-thi/{slug}: turns a contest reminder on or off. */
import { redirect, type AppLoadContext } from 'react-router';
import { runForm } from '../../forms.server';
import { loginRedirectTarget } from '../../guards.server';

export function isReminderIntent(intent: unknown): intent is 'remind' | 'unremind' {
  return intent === 'remind' || intent === 'unremind';
}

export async function reminderAction(request: Request, context: AppLoadContext, form: FormData) {
  if (!context.viewer) throw redirect(loginRedirectTarget(request));
  const viewerId = context.viewer.id;
  const slug = String(form.get('slug') ?? '');
  const intent = form.get('intent');
  return runForm(
    { slug },
    async () => {
      const reminder =
        intent === 'remind'
          ? await context.services.exams.remind(viewerId, slug)
          : await context.services.exams.unremind(viewerId, slug);
      return { intent: 'reminder', reminder };
    },
    'reminder',
  );
}
