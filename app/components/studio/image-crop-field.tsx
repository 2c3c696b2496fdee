/**
 * An image field with a crop box. Choosing a file shows it with a box of the use's shape: drag the
 * box to move it, drag its corner to resize it (mouse, pen or touch), or focus it and use the arrow
 * keys (Shift + arrows resize). "Cắt và tải lên" sends the file and the rectangle to the studio API,
 * which crops on the server; the returned address fills the field. Without JavaScript the plain
 * file input is sent with the form and the page cuts the centre of the picture.
 */
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { IMAGE_USES, type ImageUse } from '../../../modules/studio/image-uses';
import { inputClass } from './studio-ui';

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The largest box of the given shape, centred in the picture. */
export function centredCrop(imageWidth: number, imageHeight: number, ratio: number): Rect {
  let width = imageWidth;
  let height = Math.round(width / ratio);
  if (height > imageHeight) {
    height = imageHeight;
    width = Math.round(height * ratio);
  }
  return { x: Math.floor((imageWidth - width) / 2), y: Math.floor((imageHeight - height) / 2), width, height };
}

/** Keeps the box inside the picture, its shape and a minimum size. */
function clampRect(rect: Rect, imageWidth: number, imageHeight: number, ratio: number): Rect {
  const minWidth = Math.max(16, Math.round(16 * ratio));
  let width = Math.min(Math.max(rect.width, minWidth), imageWidth);
  let height = Math.round(width / ratio);
  if (height > imageHeight) {
    height = imageHeight;
    width = Math.round(height * ratio);
  }
  const x = Math.min(Math.max(Math.round(rect.x), 0), imageWidth - width);
  const y = Math.min(Math.max(Math.round(rect.y), 0), imageHeight - height);
  return { x, y, width, height };
}

function errorOf(body: unknown): string {
  const message = (body as { error?: { message?: string } } | null)?.error?.message;
  return message ?? 'Không tải được ảnh lên. Vui lòng thử lại.';
}

const noSubscription = () => () => {};

export function ImageCropField({
  name,
  use,
  label,
  defaultValue,
  error,
}: {
  name: string;
  use: ImageUse;
  label: string;
  defaultValue: string;
  error?: string | undefined;
}) {
  const id = useId();
  const target = IMAGE_USES[use];
  const ratio = target.width / target.height;
  const [url, setUrl] = useState(defaultValue);
  const [file, setFile] = useState<File | null>(null);
  const [source, setSource] = useState<string | null>(null);
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const [crop, setCrop] = useState<Rect | null>(null);
  const [status, setStatus] = useState<{ busy: boolean; message: string | null; failed: boolean }>({
    busy: false,
    message: null,
    failed: false,
  });
  // False in the server render (the plain file input is sent with the form), true once hydrated.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const frame = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const drag = useRef<{ mode: 'move' | 'resize'; startX: number; startY: number; start: Rect; scale: number } | null>(
    null,
  );

  useEffect(() => () => (source ? URL.revokeObjectURL(source) : undefined), [source]);

  function choose(chosen: File | undefined) {
    setStatus({ busy: false, message: null, failed: false });
    if (!chosen) return;
    if (!/^image\/(jpeg|png|webp|gif)$/.test(chosen.type)) {
      setStatus({ busy: false, message: 'Vui lòng chọn ảnh JPEG, PNG, WebP hoặc GIF.', failed: true });
      return;
    }
    setFile(chosen);
    setNatural(null);
    setCrop(null);
    setSource(URL.createObjectURL(chosen));
  }

  function cancel() {
    setFile(null);
    setSource(null);
    setCrop(null);
    if (fileInput.current) fileInput.current.value = '';
  }

  function onPointerDown(event: React.PointerEvent, mode: 'move' | 'resize') {
    if (!crop || !natural || !frame.current) return;
    event.preventDefault();
    event.stopPropagation();
    (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
    const scale = natural.width / frame.current.getBoundingClientRect().width;
    drag.current = { mode, startX: event.clientX, startY: event.clientY, start: crop, scale };
  }

  function onPointerMove(event: React.PointerEvent) {
    const current = drag.current;
    if (!current || !natural) return;
    const dx = (event.clientX - current.startX) * current.scale;
    const dy = (event.clientY - current.startY) * current.scale;
    const next =
      current.mode === 'move'
        ? { ...current.start, x: current.start.x + dx, y: current.start.y + dy }
        : { ...current.start, width: current.start.width + Math.max(dx, dy * ratio) };
    setCrop(clampRect(next, natural.width, natural.height, ratio));
  }

  function onKeyDown(event: React.KeyboardEvent) {
    if (!crop || !natural) return;
    const step = Math.max(1, Math.round(natural.width / 50));
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const next = event.shiftKey
      ? { ...crop, width: crop.width + (move[0] || -move[1]) }
      : { ...crop, x: crop.x + move[0], y: crop.y + move[1] };
    setCrop(clampRect(next, natural.width, natural.height, ratio));
  }

  async function upload() {
    if (!file || !crop) return;
    setStatus({ busy: true, message: 'Đang cắt và tải ảnh lên…', failed: false });
    const body = new FormData();
    body.append('file', file);
    const query = new URLSearchParams({
      use,
      x: String(crop.x),
      y: String(crop.y),
      width: String(crop.width),
      height: String(crop.height),
    });
    try {
      const response = await fetch(`/api/admin/images.json?${query.toString()}`, { method: 'POST', body });
      const json: unknown = await response.json().catch(() => null);
      if (!response.ok) throw new Error(errorOf(json));
      setUrl((json as { data: { url: string } }).data.url);
      cancel();
      setStatus({ busy: false, message: 'Đã cắt và tải ảnh lên.', failed: false });
    } catch (failure) {
      const message = failure instanceof TypeError ? 'Mất kết nối. Vui lòng thử lại.' : (failure as Error).message;
      setStatus({ busy: false, message, failed: true });
    }
  }

  const percent = (value: number, total: number) => `${(value / total) * 100}%`;
  return (
    <fieldset className="grid gap-2 rounded-xl border border-slate-200 p-3" data-testid={`image-${name}`}>
      <legend className="px-1 text-sm font-medium text-slate-800">
        {label}{' '}
        <span className="font-normal text-slate-600">
          · {target.label}, lưu {target.width}×{target.height}
        </span>
      </legend>
      {url ? (
        <img src={url} alt={`Ảnh hiện tại: ${label}`} className="max-h-40 w-auto rounded-lg border object-contain" />
      ) : null}
      <label className="text-sm" htmlFor={`${id}-url`}>
        <span className="mb-1 block text-slate-700">Địa chỉ ảnh</span>
        <input
          id={`${id}-url`}
          name={name}
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          aria-invalid={error ? true : undefined}
          className={inputClass}
        />
      </label>
      <label className="text-sm" htmlFor={`${id}-file`}>
        <span className="mb-1 block text-slate-700">
          {hydrated ? 'Chọn ảnh để cắt' : 'Tải ảnh lên (cắt phần giữa)'}
        </span>
        <input
          ref={fileInput}
          id={`${id}-file`}
          type="file"
          name={hydrated ? undefined : `${name}_file`}
          accept="image/jpeg,image/png,image/webp,image/gif"
          onChange={(event) => choose(event.target.files?.[0])}
          className="block w-full text-sm"
        />
      </label>
      {source ? (
        <div className="grid gap-2">
          <div ref={frame} className="relative w-full max-w-xl touch-none select-none" onPointerMove={onPointerMove}>
            <img
              src={source}
              alt="Ảnh đã chọn"
              className="block h-auto w-full"
              draggable={false}
              onLoad={(event) => {
                const image = event.currentTarget;
                setNatural({ width: image.naturalWidth, height: image.naturalHeight });
                setCrop(centredCrop(image.naturalWidth, image.naturalHeight, ratio));
              }}
            />
            {crop && natural ? (
              <div
                role="slider"
                tabIndex={0}
                aria-label="Vùng cắt: mũi tên để di chuyển, Shift + mũi tên để đổi kích thước"
                aria-valuetext={`Vị trí ${crop.x}, ${crop.y}; kích thước ${crop.width}×${crop.height} điểm ảnh`}
                aria-valuenow={crop.width}
                data-testid="crop-box"
                onKeyDown={onKeyDown}
                onPointerDown={(event) => onPointerDown(event, 'move')}
                onPointerUp={() => (drag.current = null)}
                onPointerCancel={() => (drag.current = null)}
                className="absolute cursor-move border-2 border-white shadow-[0_0_0_9999px_rgba(15,23,42,0.55)] outline-none focus-visible:ring-4 focus-visible:ring-brand-500"
                style={{
                  left: percent(crop.x, natural.width),
                  top: percent(crop.y, natural.height),
                  width: percent(crop.width, natural.width),
                  height: percent(crop.height, natural.height),
                }}
              >
                <span
                  aria-hidden="true"
                  data-testid="crop-handle"
                  onPointerDown={(event) => onPointerDown(event, 'resize')}
                  onPointerUp={() => (drag.current = null)}
                  className="absolute -right-3 -bottom-3 h-6 w-6 cursor-nwse-resize rounded-full border-2 border-white bg-brand-700"
                />
              </div>
            ) : null}
          </div>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              onClick={upload}
              disabled={status.busy || !crop}
              className="rounded-xl bg-brand-700 px-4 py-2 font-medium text-white disabled:opacity-60"
            >
              {status.busy ? 'Đang tải lên…' : 'Cắt và tải lên'}
            </button>
            <button type="button" onClick={cancel} className="rounded-xl border border-slate-300 px-4 py-2">
              Hủy
            </button>
          </div>
        </div>
      ) : null}
      <p role="status" className={status.failed ? 'text-sm text-red-700' : 'text-sm text-slate-700'}>
        {status.message}
      </p>
      {error ? <p className="text-sm text-red-700">{error}</p> : null}
    </fieldset>
  );
}
