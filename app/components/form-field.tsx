import type { InputHTMLAttributes } from 'react';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  name: string;
  error?: string | undefined;
  hint?: string;
}

/** A labelled input with its error announced to screen readers. */
export function FormField({ label, name, error, hint, id = `truong-${name}`, ...input }: FieldProps) {
  const describedBy = [error ? `${id}-loi` : null, hint ? `${id}-goi-y` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="mb-4">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`w-full rounded-xl border px-3 py-2.5 ${error ? 'border-red-600' : 'border-slate-300'} focus:border-brand-600`}
        {...input}
      />
      {hint ? (
        <p id={`${id}-goi-y`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-loi`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A form's message. Given the form's field errors, a message already shown next to its field is not
 * shown again above the form: it is only announced (screen readers hear it once, everyone sees it once).
 */
export function FormMessage({
  message,
  tone = 'error',
  fields,
}: {
  message?: string | undefined;
  tone?: 'error' | 'success';
  fields?: Record<string, string | undefined> | undefined;
}) {
  if (!message) return null;
  if (fields && Object.values(fields).includes(message)) {
    return (
      <p role={tone === 'error' ? 'alert' : 'status'} className="sr-only">
        {message}
      </p>
    );
  }
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={`mb-4 rounded-xl px-3 py-2 text-sm ${tone === 'error' ? 'bg-red-50 text-red-800' : 'bg-emerald-50 text-emerald-800'}`}
    >
      {message}
    </p>
  );
}

export function SubmitButton({ children, busy }: { children: string; busy?: boolean }) {
  return (
    <button type="submit" className="btn-primary w-full disabled:opacity-60" disabled={busy}>
      {busy ? 'Đang xử lý…' : children}
    </button>
  );
}
