import { Form, useNavigation } from 'react-router';
import { PARTNERSHIP_KIND_LABELS, PARTNERSHIP_KINDS } from '../../modules/partnerships/partnerships.schemas';
import { FormField, FormMessage, SubmitButton } from './form-field';

export interface CooperateState {
  intent?: string;
  sent?: number;
  message: string;
  fields: Record<string, string>;
  values: Record<string, string>;
}

/**
 * "Đăng ký hợp tác": a school, partner or teacher asks to work with us. A plain form posted to the
 * page it sits on (works without JavaScript); errors keep what was typed.
 */
export function CooperateForm({
  state,
  defaultKind = 'school',
  title = 'Đăng ký hợp tác',
}: {
  state?: CooperateState | undefined;
  defaultKind?: (typeof PARTNERSHIP_KINDS)[number];
  title?: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.has('organization') === true;
  const mine = state && (state.intent === undefined || state.intent === 'cooperate') ? state : undefined;
  const sent = mine?.sent;
  const values = sent ? {} : (mine?.values ?? {});
  const fields = mine?.fields ?? {};
  const kind = values.kind || defaultKind;
  return (
    <section
      id="hop-tac"
      aria-labelledby="hop-tac-tieu-de"
      className="mt-10 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id="hop-tac-tieu-de" className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-700">
        Nhà trường, doanh nghiệp và giáo viên để lại thông tin — bộ phận hợp tác sẽ liên hệ trong 2 ngày làm việc.
      </p>
      {sent ? (
        <FormMessage
          tone="success"
          message="Cảm ơn anh/chị! Yêu cầu hợp tác đã được gửi, chúng tôi đã gửi thư xác nhận tới địa chỉ thư điện tử của anh/chị."
        />
      ) : (
        <FormMessage message={mine?.message} fields={fields} />
      )}
      <Form
        key={sent ? `sent-${sent}` : 'cooperate'}
        method="post"
        noValidate
        preventScrollReset
        aria-label="Đăng ký hợp tác"
      >
        <fieldset className="mb-4">
          <legend className="mb-1 block text-sm font-medium text-slate-800">Anh/chị là</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {PARTNERSHIP_KINDS.map((value) => (
              <label key={value} className="flex items-center gap-2 text-sm text-slate-800">
                <input type="radio" name="kind" value={value} defaultChecked={kind === value} />
                {PARTNERSHIP_KIND_LABELS[value]}
              </label>
            ))}
          </div>
          {fields.kind ? <p className="mt-1 text-sm text-red-700">{fields.kind}</p> : null}
        </fieldset>
        <div className="grid gap-x-4 sm:grid-cols-2">
          <FormField
            label="Tên đơn vị (trường, công ty, trung tâm)"
            name="organization"
            autoComplete="organization"
            maxLength={200}
            defaultValue={values.organization}
            error={fields.organization}
            required
          />
          <FormField
            label="Người liên hệ"
            name="contact_name"
            autoComplete="name"
            maxLength={100}
            defaultValue={values.contact_name}
            error={fields.contact_name}
            required
          />
          <FormField
            label="Số điện thoại"
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={20}
            defaultValue={values.phone}
            error={fields.phone}
            required
          />
          <FormField
            label="Thư điện tử"
            name="email"
            type="email"
            autoComplete="email"
            maxLength={254}
            defaultValue={values.email}
            error={fields.email}
            required
          />
          <FormField
            label="Số người học (dự kiến)"
            name="learners"
            type="number"
            inputMode="numeric"
            min={1}
            defaultValue={values.learners}
            error={fields.learners}
          />
        </div>
        <div className="mb-4">
          <label htmlFor="truong-needs" className="mb-1 block text-sm font-medium text-slate-800">
            Nhu cầu
          </label>
          <textarea
            id="truong-needs"
            name="needs"
            rows={4}
            maxLength={3000}
            required
            defaultValue={values.needs}
            aria-invalid={fields.needs ? true : undefined}
            aria-describedby={fields.needs ? 'truong-needs-loi' : undefined}
            className={`w-full rounded-xl border px-3 py-2.5 ${fields.needs ? 'border-red-600' : 'border-slate-300'}`}
          />
          {fields.needs ? (
            <p id="truong-needs-loi" className="mt-1 text-sm text-red-700">
              {fields.needs}
            </p>
          ) : null}
        </div>
        <SubmitButton busy={busy}>Gửi yêu cầu hợp tác</SubmitButton>
      </Form>
    </section>
  );
}
