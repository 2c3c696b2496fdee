import { useState } from 'react';
import { formatTimestamp } from '../../../lib/format/duration';
import { ApiFailure, callApi, messageOf } from './api-client';
import {
  InlineMessage,
  LinkedText,
  PanelEmpty,
  PanelError,
  PanelLoading,
  SECONDARY_BUTTON,
  TEXTAREA_CLASS,
} from './extras-ui';
import { useApiData } from './use-api-data';

interface Note {
  id: number;
  position: number | null;
  content: string;
  updated_at: string;
}

const byPosition = (a: Note, b: Note) =>
  (a.position ?? Number.MAX_SAFE_INTEGER) - (b.position ?? Number.MAX_SAFE_INTEGER) || a.id - b.id;

/** Private notes, each optionally at a video time; the time seeks the video. */
export function LessonNotes({
  lessonId,
  getCurrentTime,
  seekTo,
}: {
  lessonId: number;
  getCurrentTime?: (() => number) | undefined;
  seekTo?: ((seconds: number) => void) | undefined;
}) {
  const { state, setState, reload } = useApiData<{ notes: Note[] }>(
    `/api/user/lesson/data.json?lesson_id=${lessonId}&type=note`,
  );
  const [draft, setDraft] = useState('');
  const [atTime, setAtTime] = useState(true);
  const [editing, setEditing] = useState<{ id: number; content: string } | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<number | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [queuedNote, setQueuedNote] = useState<string | null>(null);

  const notes = state.status === 'ready' ? (state.result.data.notes ?? []) : [];
  const setNotes = (next: Note[]) =>
    setState({ status: 'ready', result: { data: { notes: [...next].sort(byPosition) } } });

  async function act(work: () => Promise<void>) {
    setBusy(true);
    setMessage(null);
    try {
      await work();
    } catch (error) {
      setMessage(messageOf(error));
    } finally {
      setBusy(false);
    }
  }

  const add = () =>
    act(async () => {
      const position = getCurrentTime && atTime ? Math.max(0, Math.floor(getCurrentTime())) : null;
      setQueuedNote(null);
      try {
        const { data } = await callApi<{ note: Note }>('/api/user/lesson/data.json', {
          method: 'POST',
          body: { lesson_id: lessonId, type: 'note', content: draft, position },
        });
        setNotes([...notes, data.note]);
      } catch (error) {
        // No network: the note waits on the device and is synced (once) when the connection returns.
        if (!(error instanceof ApiFailure) || error.status !== 0) throw error;
        const { queueOp } = await import('../offline/connection-tasks');
        await queueOp({ kind: 'note', lesson_id: lessonId, content: draft.trim(), position });
        setQueuedNote('Đã lưu ghi chú trên máy. Ghi chú sẽ được gửi khi có mạng trở lại.');
      }
      setDraft('');
    });

  const save = (id: number, content: string) =>
    act(async () => {
      const { data } = await callApi<{ note: Note }>('/api/user/lesson/data.json', {
        method: 'PATCH',
        body: { type: 'note', id, content },
      });
      setNotes(notes.map((note) => (note.id === id ? data.note : note)));
      setEditing(null);
    });

  const remove = (id: number) =>
    act(async () => {
      await callApi(`/api/user/lesson/data.json?type=note&id=${id}`, { method: 'DELETE' });
      setNotes(notes.filter((note) => note.id !== id));
      setConfirmDelete(null);
    });

  return (
    <div className="space-y-4">
      <form
        className="space-y-2"
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
      >
        <label htmlFor={`ghi-chu-moi-${lessonId}`} className="block text-sm font-medium text-slate-800">
          Ghi chú mới (chỉ mình bạn xem được)
        </label>
        <textarea
          id={`ghi-chu-moi-${lessonId}`}
          rows={3}
          maxLength={4000}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          className={TEXTAREA_CLASS}
        />
        <div className="flex flex-wrap items-center justify-between gap-2">
          {getCurrentTime ? (
            <label className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                className="h-5 w-5 shrink-0"
                checked={atTime}
                onChange={(event) => setAtTime(event.target.checked)}
              />
              Gắn với thời điểm đang xem của video
            </label>
          ) : (
            <span />
          )}
          <button type="submit" className="btn-primary disabled:opacity-60" disabled={busy || draft.trim() === ''}>
            Lưu ghi chú
          </button>
        </div>
      </form>
      <InlineMessage message={message} />
      <InlineMessage message={queuedNote} tone="success" />
      {state.status === 'loading' ? <PanelLoading>Đang tải ghi chú…</PanelLoading> : null}
      {state.status === 'error' ? <PanelError message={state.message} onRetry={reload} /> : null}
      {state.status === 'ready' && notes.length === 0 ? (
        <PanelEmpty>Bạn chưa có ghi chú nào cho bài này.</PanelEmpty>
      ) : null}
      <ul className="space-y-2">
        {notes.map((note) => (
          <li key={note.id} className="rounded-xl border border-slate-200 bg-white p-3" data-testid="lesson-note">
            {note.position !== null ? (
              seekTo ? (
                <button
                  type="button"
                  onClick={() => seekTo(note.position!)}
                  className="mb-1 rounded-full bg-brand-50 px-2 py-0.5 text-sm font-semibold text-brand-700"
                  aria-label={`Tua video tới ${formatTimestamp(note.position)}`}
                >
                  ▶ {formatTimestamp(note.position)}
                </button>
              ) : (
                <span className="mb-1 inline-block text-sm font-semibold text-brand-700">
                  {formatTimestamp(note.position)}
                </span>
              )
            ) : null}
            {editing?.id === note.id ? (
              <form
                className="space-y-2"
                onSubmit={(event) => {
                  event.preventDefault();
                  void save(note.id, editing.content);
                }}
              >
                <label htmlFor={`sua-ghi-chu-${note.id}`} className="sr-only">
                  Sửa ghi chú
                </label>
                <textarea
                  id={`sua-ghi-chu-${note.id}`}
                  rows={3}
                  maxLength={4000}
                  value={editing.content}
                  onChange={(event) => setEditing({ id: note.id, content: event.target.value })}
                  className={TEXTAREA_CLASS}
                />
                <div className="flex gap-2">
                  <button type="submit" className="btn-primary disabled:opacity-60" disabled={busy}>
                    Lưu
                  </button>
                  <button type="button" className={SECONDARY_BUTTON} onClick={() => setEditing(null)}>
                    Hủy
                  </button>
                </div>
              </form>
            ) : (
              <>
                <LinkedText text={note.content} />
                <div className="mt-2 flex gap-3 text-sm">
                  <button
                    type="button"
                    className="font-semibold text-brand-700"
                    onClick={() => setEditing({ id: note.id, content: note.content })}
                  >
                    Sửa
                  </button>
                  {confirmDelete === note.id ? (
                    <>
                      <button type="button" className="font-semibold text-red-700" onClick={() => void remove(note.id)}>
                        Xác nhận xóa
                      </button>
                      <button type="button" onClick={() => setConfirmDelete(null)}>
                        Hủy
                      </button>
                    </>
                  ) : (
                    <button type="button" className="text-red-700" onClick={() => setConfirmDelete(note.id)}>
                      Xóa
                    </button>
                  )}
                </div>
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
