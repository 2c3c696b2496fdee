/** What the course editor's forms share: the course they edit, an action's feedback, a labelled field. */
import { inputClass } from '../studio-ui';

export type { StudioCourseDetail } from '../../../../modules/catalog/index.ts';

export interface FormFeedback {
  intent?: string | undefined;
  message: string;
  fields: Record<string, string>;
  values: Record<string, string>;
}

export const smallButton = 'rounded-lg border border-slate-300 px-2 py-1 text-sm text-slate-800 hover:bg-slate-100';

/** A labelled control whose value comes back after an error. */
export function Field({
  label,
  name,
  value,
  error,
  type = 'text',
  multiline = false,
  scope = 'khoa-hoc',
}: {
  label: string;
  name: string;
  value: string;
  error?: string | undefined;
  type?: string;
  multiline?: boolean;
  /** Makes the id unique when the same field appears in several forms. */
  scope?: string;
}) {
  const id = `${scope}-${name}`;
  const props = {
    id,
    name,
    defaultValue: value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-loi` : undefined,
    className: `${inputClass} ${error ? 'border-red-600' : ''}`,
  };
  return (
    <div className="text-sm">
      <label htmlFor={id} className="mb-1 block font-medium text-slate-800">
        {label}
      </label>
      {multiline ? <textarea rows={5} {...props} /> : <input type={type} {...props} />}
      {error ? (
        <p id={`${id}-loi`} className="mt-1 text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
