/**
 * The course editor's form actions, one per `intent`. Each parses its form with the API's zod
 * schema, so the page and /api/admin/courses… accept and refuse exactly the same input.
 */
import type { AppLoadContext } from 'react-router';
import { z } from 'zod';
import { courseAdminSchemas as schemas, courseEditorSchemas as extraSchemas } from '../../../modules/catalog';
import { requirePermission } from '../../../modules/studio/permissions';
import type { Viewer } from '../../../modules/services';
import { AppError } from '../../../lib/errors';
import { formError, isFormState, keepValues, parseForm, runForm } from '../../forms.server';

const NOTICES: Record<string, string> = {
  details: 'Đã lưu thông tin khóa học.',
  pod: 'Đã thêm gói học.',
  'pod-toggle': 'Đã cập nhật gói học.',
  chapter: 'Đã thêm chương.',
  lesson: 'Đã thêm bài học.',
  'lesson-edit': 'Đã lưu bài học.',
  move: 'Đã đổi thứ tự.',
  delete: 'Đã xóa.',
  publish: 'Đã xuất bản khóa học.',
  schedule: 'Đã cập nhật lịch xuất bản.',
  children: 'Đã cập nhật các khóa học trong combo.',
  unpublish: 'Đã ngừng xuất bản khóa học.',
};

const FIELDS: Record<string, string[]> = {
  details: [
    'title',
    'type',
    'category_id',
    'teacher_id',
    'summary',
    'description',
    'price_new',
    'price_old',
    'thumbnail',
  ],
  pod: ['name', 'cycle', 'price', 'payment_type'],
  chapter: ['title'],
  lesson: ['chapter_id', 'title', 'content_type'],
  'lesson-edit': ['lesson_id', 'title', 'video_url', 'content', 'document_url'],
  schedule: ['publish_at'],
};

/** Intents only editors and admins may use (a teacher edits content, not sales or publishing). */
const MANAGE = new Set(['pod', 'pod-toggle', 'publish', 'unpublish', 'schedule', 'children']);

const idField = z.coerce.number({ error: 'Mã không hợp lệ.' }).int().positive();

export async function courseEditorAction(form: FormData, context: AppLoadContext, viewer: Viewer, courseId: number) {
  const intent = String(form.get('intent') ?? '');
  const values = keepValues(form, FIELDS[intent] ?? []);
  const actor = { viewer, ip: context.clientIp };
  const courses = context.services.studioCourses;
  /** Parses the form with a schema; a failure keeps the typed values. */
  const parse = <T extends z.ZodType>(schema: T, input: unknown = values) => {
    const parsed = parseForm(schema, input);
    return isFormState(parsed) ? { failed: formError(parsed, values, 400, intent) } : { input: parsed as z.infer<T> };
  };
  const idOf = (name: string) => idField.catch(0).parse(form.get(name));

  const work = async (): Promise<unknown> => {
    if (MANAGE.has(intent)) requirePermission(viewer, 'courses.manage');
    await courses.assertCanEdit(viewer, courseId);
    switch (intent) {
      case 'schedule': {
        const typed = String(form.get('publish_at') ?? '');
        if (form.get('clear') !== '1' && !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(typed))
          return formError(
            { message: 'Vui lòng chọn thời điểm xuất bản.', fields: { publish_at: 'Chưa chọn.' }, values },
            values,
            400,
            intent,
          );
        // The input is Vietnam time (UTC+7).
        const at = form.get('clear') === '1' ? null : `${typed}:00+07:00`;
        return context.services.courseExtras.schedule(actor, courseId, at);
      }
      case 'children': {
        const ids = String(form.get('child_ids') ?? '')
          .split(',')
          .filter(Boolean)
          .map(Number);
        const { input, failed } = parse(extraSchemas.childrenInput, { child_ids: ids });
        return failed ?? context.services.courseExtras.setChildren(actor, courseId, input!.child_ids);
      }
      case 'details': {
        const { input, failed } = parse(schemas.courseInput);
        return failed ?? courses.update(actor, courseId, input!);
      }
      case 'pod': {
        const { input, failed } = parse(schemas.podInput);
        return failed ?? courses.addPod(actor, courseId, input!);
      }
      case 'pod-toggle': {
        const pod = (await courses.detail(courseId)).pods.find((p) => p.id === idOf('pod_id'));
        if (!pod) throw new AppError('NOT_FOUND', 'Không tìm thấy gói học.');
        const { id, is_active, ...fields } = pod;
        return courses.updatePod(actor, courseId, id, { ...fields, is_active: !is_active });
      }
      case 'chapter': {
        const { input, failed } = parse(schemas.chapterInput);
        return failed ?? courses.addChapter(actor, courseId, input!.title);
      }
      case 'lesson': {
        const { input, failed } = parse(schemas.lessonInput);
        if (failed) return failed;
        const { chapter_id, ...lesson } = input!;
        return courses.addLesson(actor, courseId, chapter_id, lesson);
      }
      case 'lesson-edit': {
        const present = Object.fromEntries(Object.entries(values).filter(([name]) => form.has(name)));
        const { input, failed } = parse(schemas.lessonUpdateInput, {
          ...present,
          is_preview: form.get('is_preview') === '1',
        });
        return failed ?? courses.updateLesson(actor, courseId, idOf('lesson_id'), input!);
      }
      case 'move': {
        const direction = form.get('direction') === 'up' ? 'up' : 'down';
        return courses.moveLesson(actor, courseId, idOf('lesson_id'), direction);
      }
      case 'delete':
        return courses.deleteLesson(actor, courseId, idOf('lesson_id'));
      case 'publish':
      case 'unpublish':
        return courses.setPublished(actor, courseId, intent === 'publish');
      default:
        return formError({ message: 'Thao tác không hợp lệ.', fields: {}, values: {} }, {}, 400);
    }
  };

  return runForm(
    values,
    async () => {
      const result = await work();
      // A form error (`data(…, { status })`) goes back as it is; anything else was a success.
      if (result && typeof result === 'object' && 'init' in result) return result;
      return { intent, notice: NOTICES[intent], message: '', fields: {}, values: {} };
    },
    intent,
  );
}
