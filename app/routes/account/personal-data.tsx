import { useEffect } from 'react';
import { Form, useNavigation, useRevalidator } from 'react-router';
import { z } from 'zod';
import { formatDateTime } from '../../../lib/format/date';
import { FormField, FormMessage } from '../../components/form-field';
import { ConsentList, ConsentHistory } from '../../components/privacy/consents';
import { DeletionPanel, ExportPanel } from '../../components/privacy/requests';
import { formError, isFormState, keepValues, parseForm, runForm, type FormState } from '../../forms.server';
import { requireViewer } from '../../guards.server';
import { buildMeta } from '../../meta';
import { consentBody, parentCodeBody, parentPhoneBody } from '../../privacy.server';
import type { Route } from './+types/personal-data';
import { IntentButton } from '../../components/privacy/intent-button';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  return { overview: await context.services.privacy.overview(viewer.id) };
}

const intents = z.enum([
  'consent',
  'parent-code',
  'parent-confirm',
  'parent-withdraw',
  'export',
  'delete',
  'cancel-delete',
]);

const done = (intent: string, notice: string): FormState => ({ intent, notice, message: '', fields: {}, values: {} });

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const form = await request.formData();
  const intent = intents.safeParse(form.get('intent'));
  if (!intent.success) return formError({ message: 'Yêu cầu không hợp lệ.', fields: {}, values: {} }, {});
  const { privacy } = context.services;
  const values = keepValues(form, ['parent_phone']);
  switch (intent.data) {
    case 'consent': {
      const parsed = parseForm(consentBody, { purpose: form.get('purpose'), granted: form.get('granted') === 'true' });
      if (isFormState(parsed)) return formError(parsed, values, 400, intent.data);
      return runForm(
        values,
        async () => {
          await privacy.consents.set(viewer.id, parsed.purpose, parsed.granted);
          return done(intent.data, parsed.granted ? 'Đã bật đồng ý.' : 'Đã rút lại đồng ý.');
        },
        intent.data,
      );
    }
    case 'parent-code': {
      const parsed = parseForm(parentPhoneBody, Object.fromEntries(form));
      if (isFormState(parsed)) return formError(parsed, values, 400, intent.data);
      return runForm(
        values,
        async () => {
          const sent = await privacy.consents.requestParentCode(viewer.id, parsed.parent_phone);
          return { ...done(intent.data, `Đã gửi mã OTP tới ${sent.sent_to}.`), values };
        },
        intent.data,
      );
    }
    case 'parent-confirm': {
      const parsed = parseForm(parentCodeBody, Object.fromEntries(form));
      if (isFormState(parsed)) return formError(parsed, values, 400, intent.data);
      return runForm(
        values,
        async () => {
          await privacy.consents.confirmParent(viewer.id, parsed.otp);
          return done(intent.data, 'Cha mẹ đã xác nhận đồng ý.');
        },
        intent.data,
      );
    }
    case 'parent-withdraw':
      return runForm(
        {},
        async () => {
          await privacy.consents.withdrawParent(viewer.id);
          return done(intent.data, 'Đã rút lại đồng ý của cha mẹ; các mục ngoài dịch vụ đã tắt.');
        },
        intent.data,
      );
    case 'export':
      return runForm(
        {},
        async () => {
          await privacy.requests.requestExport(viewer.id);
          return done(intent.data, 'Đã nhận yêu cầu. Tệp dữ liệu đang được tạo, thường chỉ mất vài giây.');
        },
        intent.data,
      );
    case 'delete': {
      if (form.get('confirm') !== 'on')
        return formError(
          {
            message: 'Vui lòng xác nhận bạn đã hiểu trước khi yêu cầu xóa.',
            fields: { confirm: 'Vui lòng đánh dấu xác nhận.' },
            values: {},
          },
          {},
          400,
          intent.data,
        );
      return runForm(
        {},
        async () => {
          const { request: made } = await privacy.requests.requestDeletion(viewer.id);
          const at = made.scheduled_for ? formatDateTime(made.scheduled_for, 'DD/MM/YYYY HH:mm') : '';
          return done(
            intent.data,
            `Đã nhận yêu cầu xóa tài khoản. Tài khoản sẽ được xóa vào ${at}; bạn có thể hủy trước thời điểm đó.`,
          );
        },
        intent.data,
      );
    }
    case 'cancel-delete':
      return runForm(
        {},
        async () => {
          await privacy.requests.cancelDeletion(viewer.id);
          return done(intent.data, 'Đã hủy yêu cầu xóa tài khoản. Tài khoản của bạn được giữ nguyên.');
        },
        intent.data,
      );
  }
}

export const meta: Route.MetaFunction = ({ matches }) => buildMeta(matches, { title: 'Dữ liệu cá nhân' });

export default function PersonalDataPage({ loaderData, actionData }: Route.ComponentProps) {
  const { overview } = loaderData;
  const answer = actionData as FormState | undefined;
  const navigation = useNavigation();
  const busyIntent = navigation.state !== 'idle' ? String(navigation.formData?.get('intent') ?? '') : null;
  const revalidator = useRevalidator();
  const exporting = overview.export !== null && ['pending', 'processing'].includes(overview.export.state);
  // While the export job runs, the page asks again every 2 seconds and shows the files when ready.
  useEffect(() => {
    if (!exporting) return;
    const timer = setInterval(() => {
      if (revalidator.state === 'idle') void revalidator.revalidate();
    }, 2000);
    return () => clearInterval(timer);
  }, [exporting, revalidator]);
  const answerFor = (intent: string) => (answer?.intent === intent ? answer : undefined);
  const child = overview.child;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="mb-2 text-2xl font-bold text-slate-900">Dữ liệu cá nhân</h1>
        <p className="text-sm text-slate-700">
          Theo Luật Bảo vệ dữ liệu cá nhân (Luật số 91/2025/QH15), bạn quyết định dữ liệu của mình được dùng vào việc
          gì, tải về toàn bộ dữ liệu và yêu cầu xóa tài khoản. Chính sách phiên bản {overview.policy_version}.
        </p>
      </div>

      <section aria-labelledby="dong-y" className="rounded-2xl border border-slate-200 bg-white p-4">
        <h2 id="dong-y" className="mb-3 text-lg font-semibold">
          Đồng ý xử lý dữ liệu
        </h2>
        <FormMessage message={answerFor('consent')?.notice} tone="success" />
        <FormMessage message={answerFor('consent')?.message || undefined} />
        <ConsentList
          consents={overview.consents}
          busy={busyIntent === 'consent'}
          locked={child.needs_parent && !child.parent?.confirmed_at}
        />
        {child.age === null ? (
          <p className="mt-2 text-sm text-slate-600">
            Nếu bạn dưới 16 tuổi, hãy cập nhật ngày sinh trong Hồ sơ: cha mẹ cần xác nhận trước khi bật các mục trên.
          </p>
        ) : null}
        <ConsentHistory history={overview.history} />
      </section>

      {child.needs_parent ? (
        <section aria-labelledby="cha-me" className="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm">
          <h2 id="cha-me" className="mb-2 text-lg font-semibold">
            Đồng ý của cha mẹ
          </h2>
          <p className="mb-3">
            Bạn dưới 16 tuổi. Ngoài việc cung cấp dịch vụ, dữ liệu của bạn chỉ được xử lý khi cha mẹ hoặc người giám hộ
            xác nhận bằng mã OTP gửi tới số điện thoại của họ.
          </p>
          <FormMessage
            message={
              answerFor('parent-code')?.notice ??
              answerFor('parent-confirm')?.notice ??
              answerFor('parent-withdraw')?.notice
            }
            tone="success"
          />
          {child.parent?.confirmed_at ? (
            <Form method="post" className="flex flex-wrap items-center gap-3">
              <p>
                Đã xác nhận bởi số {child.parent.phone} lúc {formatDateTime(child.parent.confirmed_at)}.
              </p>
              <IntentButton
                intent="parent-withdraw"
                busyIntent={busyIntent}
                busyText="Đang rút lại…"
                className="rounded-xl border border-slate-300 bg-white px-4 py-2 font-semibold"
              >
                Rút lại đồng ý của cha mẹ
              </IntentButton>
            </Form>
          ) : (
            <div className="grid gap-4 sm:grid-cols-2">
              <Form method="post" noValidate>
                <FormMessage
                  message={answerFor('parent-code')?.message || undefined}
                  fields={answerFor('parent-code')?.fields}
                />
                <FormField
                  label="Số điện thoại của cha mẹ"
                  name="parent_phone"
                  type="tel"
                  inputMode="tel"
                  autoComplete="off"
                  defaultValue={answer?.values.parent_phone ?? ''}
                  error={answerFor('parent-code')?.fields.parent_phone}
                />
                <IntentButton
                  intent="parent-code"
                  busyIntent={busyIntent}
                  busyText="Đang gửi mã…"
                  className="btn-primary"
                >
                  Gửi mã OTP cho cha mẹ
                </IntentButton>
              </Form>
              {child.parent ? (
                <Form method="post" noValidate>
                  <FormMessage
                    message={answerFor('parent-confirm')?.message || undefined}
                    fields={answerFor('parent-confirm')?.fields}
                  />
                  <FormField
                    label={`Mã OTP gửi tới ${child.parent.phone}`}
                    name="otp"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={6}
                    error={answerFor('parent-confirm')?.fields.otp}
                  />
                  <IntentButton
                    intent="parent-confirm"
                    busyIntent={busyIntent}
                    busyText="Đang xác nhận…"
                    className="btn-primary"
                  >
                    Xác nhận
                  </IntentButton>
                </Form>
              ) : null}
            </div>
          )}
        </section>
      ) : null}

      <ExportPanel request={overview.export} answer={answerFor('export')} busy={busyIntent === 'export'} />
      <DeletionPanel
        request={overview.deletion}
        waitDays={overview.deletion_wait_days}
        retention={overview.retention}
        answer={answerFor('delete') ?? answerFor('cancel-delete')}
        busyIntent={busyIntent}
      />
    </div>
  );
}
