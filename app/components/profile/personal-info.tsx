/** The profile's personal details: name, birthday, gender and address (province, ward, street). */
import type { ComponentProps } from 'react';
import { Form, useNavigation } from 'react-router';
import { formatPhone } from '../../../lib/phone';
import type { FormState } from '../../forms.server';
import type { Route } from '../../routes/account/+types/profile';
import { AddressFields } from '../address-fields';
import { FormField, FormMessage, SubmitButton } from '../form-field';
import { Section } from './section';

type ProfileData = Route.ComponentProps['loaderData'];

export function PersonalInfoSection({
  profile,
  provinces,
  wards,
  state,
}: {
  profile: ProfileData['profile'];
  provinces: ComponentProps<typeof AddressFields>['provinces'];
  /** The saved province's wards, so the form works without JavaScript. */
  wards: ProfileData['wards'];
  state: FormState | undefined;
}) {
  const busy = useNavigation().state === 'submitting';
  const values = state?.values;
  return (
    <Section title="Thông tin cá nhân">
      <FormMessage message={state?.notice} tone="success" />
      <FormMessage message={state?.message} fields={state?.fields} />
      <dl className="mb-4 grid gap-1 text-sm text-slate-700 sm:grid-cols-2">
        <div>
          <dt className="inline font-medium">Số điện thoại: </dt>
          <dd className="inline">{profile.phone ? formatPhone(profile.phone) : 'Chưa có'}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Email: </dt>
          <dd className="inline">{profile.email ?? 'Chưa có'}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="inline font-medium">Địa chỉ: </dt>
          <dd className="inline" data-testid="saved-address">
            {[profile.address_detail, profile.ward_name, profile.province_name].filter(Boolean).join(', ') || 'Chưa có'}
          </dd>
        </div>
      </dl>
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value="profile" />
        <FormField
          label="Họ và tên"
          name="full_name"
          defaultValue={values?.full_name ?? profile.full_name}
          error={state?.fields.full_name}
        />
        <div className="grid gap-x-4 sm:grid-cols-2">
          <FormField
            label="Ngày sinh"
            name="birthday"
            type="date"
            defaultValue={values?.birthday ?? profile.birthday ?? ''}
            error={state?.fields.birthday}
          />
          <div className="mb-4">
            <label htmlFor="truong-gender" className="mb-1 block text-sm font-medium text-slate-800">
              Giới tính
            </label>
            <select
              id="truong-gender"
              name="gender"
              defaultValue={values?.gender ?? profile.gender ?? ''}
              className="w-full rounded-xl border border-slate-300 px-3 py-2.5"
            >
              <option value="">Không muốn nói</option>
              <option value="female">Nữ</option>
              <option value="male">Nam</option>
              <option value="other">Khác</option>
            </select>
          </div>
        </div>
        <AddressFields
          key={`${profile.province_code ?? ''}|${profile.ward_code ?? ''}|${values?.province_code ?? ''}`}
          provinces={provinces}
          provinceCode={values?.province_code ?? profile.province_code ?? ''}
          wardCode={values?.ward_code ?? profile.ward_code ?? ''}
          wards={wards}
          wardsProvince={profile.province_code ?? ''}
          errors={{ province_code: state?.fields.province_code, ward_code: state?.fields.ward_code }}
        />
        <FormField
          label="Địa chỉ (số nhà, tên đường)"
          name="address_detail"
          defaultValue={values?.address_detail ?? profile.address_detail ?? ''}
          error={state?.fields.address_detail}
        />
        <SubmitButton busy={busy}>Lưu hồ sơ</SubmitButton>
      </Form>
    </Section>
  );
}
