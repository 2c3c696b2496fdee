import { Form, useNavigate } from 'react-router';

/** Help-centre search: /ho-tro-khach-hang/tim-kiem/{query} (works without JavaScript through ?q=). */
export function SupportSearchForm({ defaultValue = '' }: { defaultValue?: string }) {
  const navigate = useNavigate();
  return (
    <Form
      method="get"
      action="/ho-tro-khach-hang"
      role="search"
      className="flex gap-2"
      onSubmit={(event) => {
        const query = new FormData(event.currentTarget).get('q')?.toString().trim();
        event.preventDefault();
        if (query) void navigate(`/ho-tro-khach-hang/tim-kiem/${encodeURIComponent(query)}`);
      }}
    >
      <label htmlFor="tim-ho-tro" className="sr-only">
        Tìm câu hỏi, hướng dẫn
      </label>
      <input
        id="tim-ho-tro"
        name="q"
        type="search"
        maxLength={200}
        defaultValue={defaultValue}
        placeholder="Bạn cần hỗ trợ gì? Ví dụ: kích hoạt khóa học"
        className="w-full rounded-xl border border-slate-300 bg-white px-4 py-2.5"
      />
      <button type="submit" className="btn-primary shrink-0">
        Tìm
      </button>
    </Form>
  );
}
