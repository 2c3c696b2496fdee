/**
 * Drag to reorder the lesson tree (mouse, pen and touch through pointer events): chapters among
 * chapters, lessons within or across chapters. The new order is saved with one API call
 * (PUT …/order.json, atomic on the server); the ↑ ↓ buttons stay for the keyboard.
 */
import { useMemo, useState } from 'react';
import { useRevalidator } from 'react-router';

export interface TreeOrder {
  id: number;
  lessons: number[];
}

type Dragged = { kind: 'chapter' | 'lesson'; id: number };

function moveLesson(order: TreeOrder[], lessonId: number, toChapter: number, beforeLesson: number | null) {
  const next = order.map((c) => ({ ...c, lessons: c.lessons.filter((id) => id !== lessonId) }));
  const target = next.find((c) => c.id === toChapter);
  if (!target) return order;
  const at = beforeLesson === null ? -1 : target.lessons.indexOf(beforeLesson);
  if (at < 0) target.lessons.push(lessonId);
  else target.lessons.splice(at, 0, lessonId);
  return next;
}

const same = (a: TreeOrder[], b: TreeOrder[]) => JSON.stringify(a) === JSON.stringify(b);

export function useTreeDrag(courseId: number, chapters: { id: number; lessons: { id: number }[] }[]) {
  const revalidator = useRevalidator();
  const initial = useMemo(() => chapters.map((c) => ({ id: c.id, lessons: c.lessons.map((l) => l.id) })), [chapters]);
  // The dragged order, kept while it belongs to the tree the page shows (new page data replaces it).
  const [override, setOverride] = useState<{ base: TreeOrder[]; order: TreeOrder[] } | null>(null);
  const order = override && override.base === initial ? override.order : initial;
  const setOrder = (next: TreeOrder[]) => setOverride({ base: initial, order: next });
  const [dragged, setDragged] = useState<Dragged | null>(null);
  const [status, setStatus] = useState<{ text: string; error: boolean }>({ text: '', error: false });

  async function save(next: TreeOrder[]) {
    setStatus({ text: 'Đang lưu thứ tự…', error: false });
    try {
      const response = await fetch(`/api/admin/courses/${courseId}/order.json`, {
        method: 'PUT',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ chapters: next }),
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
        throw new Error(body?.error?.message ?? 'Không lưu được thứ tự mới.');
      }
      setStatus({ text: 'Đã lưu thứ tự mới.', error: false });
      await revalidator.revalidate();
    } catch (failure) {
      setOverride(null);
      setStatus({ text: (failure as Error).message, error: true });
    }
  }

  function onMove(event: React.PointerEvent) {
    if (!dragged) return;
    const under = document.elementFromPoint(event.clientX, event.clientY);
    if (!under) return;
    const current = order;
    if (dragged.kind === 'chapter') {
      const target = Number(under.closest('[data-drop-chapter]')?.getAttribute('data-drop-chapter'));
      if (!target || target === dragged.id) return;
      const from = current.findIndex((c) => c.id === dragged.id);
      const to = current.findIndex((c) => c.id === target);
      const next = [...current];
      next.splice(to, 0, ...next.splice(from, 1));
      setOrder(next);
      return;
    }
    const overLesson = Number(under.closest('[data-drop-lesson]')?.getAttribute('data-drop-lesson'));
    const overChapter = Number(under.closest('[data-drop-chapter]')?.getAttribute('data-drop-chapter'));
    if (overLesson && overLesson !== dragged.id) {
      const chapter = current.find((c) => c.lessons.includes(overLesson))!;
      const from = current.find((c) => c.lessons.includes(dragged.id))!;
      // Within a chapter, moving down lands after the lesson under the pointer.
      const down = from.id === chapter.id && chapter.lessons.indexOf(dragged.id) < chapter.lessons.indexOf(overLesson);
      const after = chapter.lessons[chapter.lessons.indexOf(overLesson) + 1] ?? null;
      setOrder(moveLesson(current, dragged.id, chapter.id, down ? after : overLesson));
    } else if (!overLesson && overChapter && !current.find((c) => c.id === overChapter)!.lessons.includes(dragged.id)) {
      setOrder(moveLesson(current, dragged.id, overChapter, null));
    }
  }

  function onUp() {
    if (!dragged) return;
    setDragged(null);
    if (!same(order, initial)) void save(order);
  }

  /** Props of a drag handle (a button: the ↑ ↓ buttons next to it work from the keyboard). */
  function handle(kind: Dragged['kind'], id: number, title: string) {
    return {
      type: 'button' as const,
      'aria-label': `Kéo để đổi thứ tự: ${title}`,
      title: 'Kéo để đổi thứ tự',
      className: 'cursor-grab touch-none select-none rounded px-2 py-1 text-slate-600 hover:bg-slate-100',
      onPointerDown: (event: React.PointerEvent<HTMLButtonElement>) => {
        event.preventDefault();
        event.currentTarget.setPointerCapture?.(event.pointerId);
        setStatus({ text: '', error: false });
        setDragged({ kind, id });
      },
      onPointerMove: onMove,
      onPointerUp: onUp,
      onPointerCancel: onUp,
      'data-testid': `drag-${kind}-${id}`,
    };
  }

  /** The chapters and their lessons in the order being dragged. */
  function arrange<C extends { id: number; lessons: L[] }, L extends { id: number }>(source: C[]): C[] {
    const lessons = new Map(source.flatMap((c) => c.lessons).map((l) => [l.id, l]));
    const byId = new Map(source.map((c) => [c.id, c]));
    return order.flatMap((o) => {
      const chapter = byId.get(o.id);
      return chapter ? [{ ...chapter, lessons: o.lessons.flatMap((id) => lessons.get(id) ?? []) }] : [];
    });
  }

  return { arrange, handle, dragged, status };
}
