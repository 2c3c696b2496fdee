/** Helpers of the studio site pages' actions (banners, teachers, menus, settings, route rules). */
import type { AppLoadContext } from 'react-router';
import type { ImageUse } from '../../../modules/studio/image-uses';

/**
 * The address of an image field: without JavaScript the form carries the file itself
 * (`{name}_file`), which is cut to the use's shape around its centre and stored; otherwise the
 * address the crop box filled in (or the one typed).
 */
export async function imageField(form: FormData, name: string, use: ImageUse, context: AppLoadContext) {
  const file = form.get(`${name}_file`);
  if (file && typeof file !== 'string' && file.size > 0) {
    const bytes = Buffer.from(await file.arrayBuffer());
    return (await context.services.imageCrop.cropAndStore(bytes, use, null)).url;
  }
  return String(form.get(name) ?? '');
}

/** A checkbox as the API reads it. */
export function checkbox(form: FormData, name: string): string {
  return form.get(name) === 'on' ? 'on' : '';
}
