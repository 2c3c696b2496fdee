/**
 * The studio's rich-text editor: a contenteditable area with a small toolbar (headings, bold,
 * italic, lists, link, image by address, quote). What is submitted is the canonical HTML of
 * lib/rich-text/editor-html.ts, which the server's sanitiser returns unchanged. Without
 * JavaScript (or before the page has loaded) the field is a plain textarea of HTML, so the form
 * works either way.
 */
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { safeUrl, serializeEditor } from '../../../lib/rich-text/editor-html';

interface Props {
  name: string;
  label: string;
  defaultValue: string;
  error?: string | undefined;
}

type Command = { label: string; title: string; run: (editor: HTMLElement) => void };

const exec = (command: string, value?: string) => document.execCommand(command, false, value);

const COMMANDS: Command[] = [
  { label: 'H2', title: 'Tiêu đề lớn', run: () => exec('formatBlock', 'h2') },
  { label: 'H3', title: 'Tiêu đề nhỏ', run: () => exec('formatBlock', 'h3') },
  { label: 'Đoạn', title: 'Đoạn văn thường', run: () => exec('formatBlock', 'p') },
  { label: 'B', title: 'In đậm', run: () => exec('bold') },
  { label: 'I', title: 'In nghiêng', run: () => exec('italic') },
  { label: '• Danh sách', title: 'Danh sách dấu chấm', run: () => exec('insertUnorderedList') },
  { label: '1. Danh sách', title: 'Danh sách đánh số', run: () => exec('insertOrderedList') },
  { label: '❝ Trích dẫn', title: 'Trích dẫn', run: () => exec('formatBlock', 'blockquote') },
  {
    label: 'Liên kết',
    title: 'Chèn liên kết (chọn chữ trước)',
    run: () => {
      const url = safeUrl(window.prompt('Địa chỉ liên kết (https://… hoặc /đường-dẫn):'), 'link');
      if (url) exec('createLink', url);
    },
  },
  {
    label: 'Ảnh',
    title: 'Chèn ảnh theo địa chỉ',
    run: () => {
      const url = safeUrl(window.prompt('Địa chỉ ảnh (https://… hoặc /uploads/…):'), 'image');
      if (url) exec('insertImage', url);
    },
  },
];

const subscribeNever = () => () => {};

export function RichTextEditor({ name, label, defaultValue, error }: Props) {
  const id = useId();
  // The textarea on the server and before hydration; the editor once the page runs scripts.
  const enhanced = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
  const [html, setHtml] = useState(defaultValue);
  const area = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (enhanced && area.current) {
      area.current.innerHTML = html;
      exec('defaultParagraphSeparator', 'p');
    }
    // Only when the editor first appears: afterwards the DOM is the source of truth.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enhanced]);

  const sync = () => {
    if (area.current) setHtml(serializeEditor(area.current));
  };
  const describedBy = error ? `${id}-loi` : undefined;

  return (
    <div className="text-sm">
      <span id={`${id}-nhan`} className="mb-1 block font-medium text-slate-800">
        {label}
      </span>
      {enhanced ? (
        <>
          <div role="toolbar" aria-label="Định dạng" className="mb-1 flex flex-wrap gap-1">
            {COMMANDS.map((command) => (
              <button
                key={command.label}
                type="button"
                title={command.title}
                aria-label={`${command.label} (${command.title})`}
                className="min-h-8 min-w-8 rounded-lg border border-slate-300 bg-white px-2 py-1 text-xs font-medium hover:bg-slate-100"
                // Keep the selection in the editor.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  area.current?.focus();
                  command.run(area.current!);
                  sync();
                }}
              >
                {command.label}
              </button>
            ))}
          </div>
          <div
            ref={area}
            role="textbox"
            aria-multiline="true"
            aria-labelledby={`${id}-nhan`}
            aria-describedby={describedBy}
            aria-invalid={error ? true : undefined}
            contentEditable
            suppressContentEditableWarning
            data-testid="rich-text"
            onInput={sync}
            onBlur={sync}
            className={`prose-content min-h-48 rounded-xl border bg-white px-3 py-2 focus:outline-2 focus:outline-brand-600 ${error ? 'border-red-600' : 'border-slate-300'}`}
          />
          <input type="hidden" name={name} value={html} />
        </>
      ) : (
        <textarea
          name={name}
          aria-labelledby={`${id}-nhan`}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          defaultValue={html}
          rows={12}
          className="w-full rounded-xl border border-slate-300 bg-white px-3 py-2 font-mono text-xs"
        />
      )}
      {error ? (
        <p id={`${id}-loi`} className="mt-1 text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
