/** The room's question palette (answered and flagged marks) and the submit confirmation listing unanswered questions. */
export function RoomPalette({
  numbers,
  answered,
  flagged,
}: {
  numbers: number[];
  answered: Set<number>;
  flagged: Set<number>;
}) {
  return (
    <nav aria-label="Bảng câu hỏi" className="grid grid-cols-8 gap-1 sm:grid-cols-11" data-testid="palette">
      {numbers.map((number) => (
        <a
          key={number}
          href={`#cau-${number}`}
          data-answered={answered.has(number) ? 'true' : 'false'}
          className={`relative rounded border py-1 text-center text-sm tabular-nums ${
            answered.has(number) ? 'border-sky-600 bg-sky-600 text-white' : 'border-slate-300 bg-white text-slate-700'
          } ${flagged.has(number) ? 'ring-2 ring-amber-400' : ''}`}
        >
          {number}
          {flagged.has(number) ? (
            <span className="absolute -right-1 -top-1 text-[10px] text-amber-500" aria-label="đã đánh dấu">
              ★
            </span>
          ) : null}
        </a>
      ))}
    </nav>
  );
}

export function SubmitConfirm({
  unanswered,
  busy,
  onConfirm,
  onCancel,
}: {
  unanswered: number[];
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby="xac-nhan-nop"
      className="fixed inset-0 z-50 flex items-end bg-black/40 sm:items-center sm:justify-center"
    >
      <div className="w-full rounded-t-2xl bg-white p-4 sm:max-w-md sm:rounded-2xl">
        <h2 id="xac-nhan-nop" className="text-lg font-semibold">
          Nộp bài?
        </h2>
        {unanswered.length > 0 ? (
          <p className="mt-2 text-sm text-slate-700" data-testid="unanswered">
            Bạn còn {unanswered.length} câu chưa trả lời: {unanswered.map((number) => `Câu ${number}`).join(', ')}.
          </p>
        ) : (
          <p className="mt-2 text-sm text-slate-700">Bạn đã trả lời tất cả các câu.</p>
        )}
        <p className="mt-1 text-sm text-slate-500">Sau khi nộp, bạn không sửa được bài làm.</p>
        <div className="mt-4 flex justify-end gap-2">
          <button type="button" onClick={onCancel} className="rounded-lg px-4 py-2 text-sm text-slate-700">
            Làm tiếp
          </button>
          <button
            type="button"
            onClick={onConfirm}
            disabled={busy}
            className="btn-primary"
            data-testid="confirm-submit"
          >
            {busy ? 'Đang nộp…' : 'Nộp bài'}
          </button>
        </div>
      </div>
    </div>
  );
}
