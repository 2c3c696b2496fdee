/**
 * Province → commune/ward selects of the profile address (two-level local government since 1 July
 * 2025). The saved province's units come server-rendered, so the form works without JavaScript;
 * with it, choosing another province loads that province's units from /api/user/districts.json.
 */
import { useEffect, useRef, useState } from 'react';
import type { Province } from '../../modules/accounts/provinces';
import type { Ward } from '../../modules/accounts/wards';

const PREFIXES: Record<Ward['kind'], string> = { ward: 'Phường', commune: 'Xã', special_zone: 'Đặc khu' };
const KIND_LABELS: Record<Ward['kind'], string> = { ward: 'phường', commune: 'xã', special_zone: 'đặc khu' };

/** 'Phường Ba Đình' → 'Ba Đình (phường)': options start with the name, so typing in the select finds it. */
export function wardOptionLabel(ward: Ward): string {
  const prefix = `${PREFIXES[ward.kind]} `;
  const bare = ward.name.startsWith(prefix) ? ward.name.slice(prefix.length) : ward.name;
  return `${bare} (${KIND_LABELS[ward.kind]})`;
}

type Status = 'idle' | 'loading' | 'error';

async function loadWards(provinceCode: string, signal: AbortSignal): Promise<Ward[]> {
  const response = await fetch(`/api/user/districts.json?province_code=${encodeURIComponent(provinceCode)}`, {
    headers: { accept: 'application/json' },
    signal,
  });
  if (!response.ok) throw new Error(String(response.status));
  return ((await response.json()) as { data: Ward[] }).data;
}

const selectClass = (invalid: boolean) =>
  `w-full rounded-xl border px-3 py-2.5 disabled:bg-slate-50 disabled:text-slate-500 ${invalid ? 'border-red-600' : 'border-slate-300'}`;

export function AddressFields({
  provinces,
  provinceCode,
  wardCode,
  wards: initialWards,
  wardsProvince,
  errors,
}: {
  provinces: readonly Province[];
  /** The province and ward to show selected (the typed values after an error, else the saved ones). */
  provinceCode: string;
  wardCode: string;
  /** Server-rendered units and the province they belong to. */
  wards: readonly Ward[];
  wardsProvince: string;
  errors: { province_code?: string | undefined; ward_code?: string | undefined };
}) {
  const [province, setProvince] = useState(provinceCode);
  const [ward, setWard] = useState(wardCode);
  const [wards, setWards] = useState<readonly Ward[]>(provinceCode === wardsProvince ? initialWards : []);
  const [status, setStatus] = useState<Status>('idle');
  const [attempt, setAttempt] = useState(0);
  const loadedFor = useRef(provinceCode === wardsProvince ? provinceCode : '');

  useEffect(() => {
    if (!province || loadedFor.current === province) return;
    const controller = new AbortController();
    setStatus('loading');
    loadWards(province, controller.signal)
      .then((list) => {
        loadedFor.current = province;
        setWards(list);
        setStatus('idle');
      })
      .catch(() => {
        if (!controller.signal.aborted) setStatus('error');
      });
    return () => controller.abort();
  }, [province, attempt]);

  const provinceError = errors.province_code;
  const wardError = errors.ward_code;
  const noProvince = province === '';
  return (
    <div className="grid gap-x-4 sm:grid-cols-2">
      <div className="mb-4">
        <label htmlFor="truong-province" className="mb-1 block text-sm font-medium text-slate-800">
          Tỉnh/thành phố
        </label>
        <select
          id="truong-province"
          name="province_code"
          value={province}
          onChange={(event) => {
            const next = event.currentTarget.value;
            setProvince(next);
            setWard('');
            setWards([]);
            loadedFor.current = '';
            setStatus('idle');
          }}
          aria-invalid={provinceError ? true : undefined}
          aria-describedby={provinceError ? 'truong-province-loi' : undefined}
          className={selectClass(Boolean(provinceError))}
        >
          <option value="">Chọn tỉnh/thành phố</option>
          {provinces.map((item) => (
            <option key={item.code} value={item.code}>
              {item.name}
            </option>
          ))}
        </select>
        {provinceError ? (
          <p id="truong-province-loi" className="mt-1 text-sm text-red-700">
            {provinceError}
          </p>
        ) : null}
      </div>
      <div className="mb-4">
        <label htmlFor="truong-ward" className="mb-1 block text-sm font-medium text-slate-800">
          Phường/Xã
        </label>
        <select
          id="truong-ward"
          name="ward_code"
          value={ward}
          onChange={(event) => setWard(event.currentTarget.value)}
          disabled={noProvince || status === 'loading'}
          aria-invalid={wardError ? true : undefined}
          aria-describedby={
            [wardError ? 'truong-ward-loi' : '', status !== 'idle' ? 'truong-ward-trang-thai' : '']
              .filter(Boolean)
              .join(' ') || undefined
          }
          aria-busy={status === 'loading' || undefined}
          className={selectClass(Boolean(wardError))}
        >
          <option value="">
            {noProvince
              ? 'Chọn tỉnh/thành phố trước'
              : status === 'loading'
                ? 'Đang tải…'
                : `Chọn phường/xã (${wards.length})`}
          </option>
          {wards.map((item) => (
            <option key={item.code} value={item.code}>
              {wardOptionLabel(item)}
            </option>
          ))}
        </select>
        {status === 'loading' ? (
          <p id="truong-ward-trang-thai" role="status" className="mt-1 text-sm text-slate-600">
            Đang tải danh sách phường/xã…
          </p>
        ) : null}
        {status === 'error' ? (
          <p id="truong-ward-trang-thai" role="alert" className="mt-1 text-sm text-red-700">
            Không tải được danh sách phường/xã.{' '}
            <button
              type="button"
              onClick={() => setAttempt((count) => count + 1)}
              className="font-semibold underline hover:no-underline"
            >
              Thử lại
            </button>
          </p>
        ) : null}
        {wardError ? (
          <p id="truong-ward-loi" className="mt-1 text-sm text-red-700">
            {wardError}
          </p>
        ) : null}
      </div>
    </div>
  );
}
