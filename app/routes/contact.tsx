import { Form, useNavigation } from 'react-router';
import { contactInput } from '../../modules/support/support.schemas';
import { FormField, FormMessage, SubmitButton } from '../components/form-field';
import { PageFrame } from '../components/page-frame';
import { formError, isFormState, keepValues, parseForm, runForm } from '../forms.server';
import { buildSeoMeta } from '../seo';
import type { Route } from './+types/contact';

const FIELDS = ['full_name', 'phone', 'email', 'title', 'content'];

/** The contact form → support.json's service (a support request). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = keepValues(form, FIELDS);
  const input = parseForm(contactInput, values);
  if (isFormState(input)) return formError(input, values);
  return runForm(values, async () => {
    const created = await context.services.support.createContactRequest(input, context.viewer?.id ?? null);
    return {
      sent: created.id,
      message: '',
      fields: {} as Record<string, string>,
      values: {} as Record<string, string>,
    };
  });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  buildSeoMeta(matches, {
    title: 'Liên hệ',
    description: 'Liên hệ Khai Trí: tổng đài miễn phí 1800 1090, thư điện tử hỗ trợ và biểu mẫu gửi yêu cầu.',
    path: '/lien-he',
  });

export default function ContactPage({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const state = actionData && 'fields' in actionData ? actionData : undefined;
  const sent = state && 'sent' in state && state.sent;
  const values: Record<string, string> = state?.values ?? {};
  const fields: Record<string, string> = state?.fields ?? {};
  return (
    <PageFrame title="Liên hệ">
      <div className="grid gap-8 md:grid-cols-[1fr_280px]">
        <div>
          {sent ? (
            <FormMessage
              tone="success"
              message="Cảm ơn bạn! Yêu cầu đã được gửi, chúng tôi sẽ liên hệ lại trong vòng 24 giờ làm việc."
            />
          ) : (
            <FormMessage message={state?.message} fields={state?.fields} />
          )}
          {/* A new key after each request sent: the fields are uncontrolled, so only a fresh form empties them. */}
          <Form
            key={sent ? `sent-${sent}` : 'contact'}
            method="post"
            noValidate
            className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
          >
            <FormField
              label="Họ và tên"
              name="full_name"
              autoComplete="name"
              defaultValue={sent ? '' : values.full_name}
              error={fields.full_name}
              required
            />
            <FormField
              label="Số điện thoại"
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              defaultValue={sent ? '' : values.phone}
              error={fields.phone}
            />
            <FormField
              label="Thư điện tử"
              name="email"
              type="email"
              autoComplete="email"
              defaultValue={sent ? '' : values.email}
              error={fields.email}
            />
            <FormField label="Tiêu đề" name="title" defaultValue={sent ? '' : values.title} error={fields.title} />
            <div className="mb-4">
              <label htmlFor="truong-content" className="mb-1 block text-sm font-medium text-slate-800">
                Nội dung
              </label>
              <textarea
                id="truong-content"
                name="content"
                rows={5}
                maxLength={3000}
                defaultValue={sent ? '' : values.content}
                aria-invalid={fields.content ? true : undefined}
                aria-describedby={fields.content ? 'truong-content-loi' : undefined}
                className={`w-full rounded-xl border px-3 py-2.5 ${fields.content ? 'border-red-600' : 'border-slate-300'}`}
              />
              {fields.content ? (
                <p id="truong-content-loi" className="mt-1 text-sm text-red-700">
                  {fields.content}
                </p>
              ) : null}
            </div>
            <SubmitButton busy={busy}>Gửi yêu cầu</SubmitButton>
          </Form>
        </div>
        <aside className="space-y-3 text-slate-800">
          <p>
            <strong>Tổng đài:</strong> <a href="tel:18001090">1800 1090</a> (miễn phí, 7:00–22:00)
          </p>
          <p>
            <strong>Thư điện tử:</strong> <a href="mailto:hotro@khaitri.vn">hotro@khaitri.vn</a>
          </p>
          <p>
            <strong>Địa chỉ:</strong> Tầng 5, số 1 Phạm Văn Bạch, Cầu Giấy, Hà Nội
          </p>
        </aside>
      </div>
    </PageFrame>
  );
}
