import { useId, useState } from 'react';
import { formatDateTime, formatTimeAgo } from '../../../lib/format/date';
import { callApi, messageOf } from './api-client';
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

interface Comment {
  id: number;
  parent_id: number | null;
  content: string;
  created_at: string;
  author: { id: number; full_name: string; avatar_url: string | null };
  mine: boolean;
  replies: Comment[];
}

const PAGE_SIZE = 10;

function Avatar({ author }: { author: Comment['author'] }) {
  if (author.avatar_url)
    return (
      <img
        src={author.avatar_url}
        alt=""
        width={36}
        height={36}
        loading="lazy"
        className="h-9 w-9 shrink-0 rounded-full object-cover"
      />
    );
  const initials = author.full_name
    .split(/\s+/)
    .filter(Boolean)
    .slice(-2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
  return (
    <span
      aria-hidden="true"
      className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-bold text-brand-800"
    >
      {initials}
    </span>
  );
}

function CommentForm({
  label,
  submitLabel,
  onSubmit,
  onCancel,
  autoFocus = false,
}: {
  label: string;
  submitLabel: string;
  onSubmit: (content: string) => Promise<string | null>;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const [content, setContent] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  return (
    <form
      className="space-y-2"
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        const error = await onSubmit(content);
        setBusy(false);
        setMessage(error);
        if (!error) setContent('');
      }}
    >
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        rows={2}
        maxLength={2000}
        value={content}
        autoFocus={autoFocus}
        onChange={(event) => setContent(event.target.value)}
        className={TEXTAREA_CLASS}
      />
      <InlineMessage message={message} />
      <div className="flex gap-2">
        <button type="submit" className="btn-primary disabled:opacity-60" disabled={busy || content.trim() === ''}>
          {busy ? 'Đang gửi…' : submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className={SECONDARY_BUTTON} onClick={onCancel}>
            Hủy
          </button>
        ) : null}
      </div>
    </form>
  );
}

function CommentItem({
  comment,
  onReply,
  onDelete,
}: {
  comment: Comment;
  onReply?: (() => void) | undefined;
  onDelete: (id: number) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <article className="flex gap-3" data-testid="lesson-comment">
      <Avatar author={comment.author} />
      <div className="min-w-0 flex-1">
        <p className="text-sm">
          <span className="font-semibold text-slate-900">{comment.author.full_name}</span>{' '}
          <time dateTime={comment.created_at} title={formatDateTime(comment.created_at)} className="text-slate-500">
            · {formatTimeAgo(comment.created_at)}
          </time>
        </p>
        <LinkedText text={comment.content} />
        <div className="mt-1 flex gap-3 text-sm">
          {onReply ? (
            <button type="button" className="font-semibold text-brand-700" onClick={onReply}>
              Trả lời
            </button>
          ) : null}
          {comment.mine ? (
            confirming ? (
              <>
                <button type="button" className="font-semibold text-red-700" onClick={() => onDelete(comment.id)}>
                  Xác nhận xóa
                </button>
                <button type="button" onClick={() => setConfirming(false)}>
                  Hủy
                </button>
              </>
            ) : (
              <button type="button" className="text-red-700" onClick={() => setConfirming(true)}>
                Xóa
              </button>
            )
          ) : null}
        </div>
      </div>
    </article>
  );
}

/** The lesson's discussion: comments (newest first, paginated) with one level of replies. */
export function LessonDiscussion({ lessonId }: { lessonId: number }) {
  const listUrl = `/api/user/lesson/data.json?lesson_id=${lessonId}&type=comment&limit=${PAGE_SIZE}`;
  const { state, reload } = useApiData<{ comments: Comment[] }>(`${listUrl}&page=1`);
  const [more, setMore] = useState<{ page: number; comments: Comment[] }>({ page: 1, comments: [] });
  const [loadingMore, setLoadingMore] = useState(false);
  const [added, setAdded] = useState<Comment[]>([]);
  const [removed, setRemoved] = useState<number[]>([]);
  const [replying, setReplying] = useState<number | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const firstPage = state.status === 'ready' ? (state.result.data.comments ?? []) : [];
  const loaded = [...firstPage, ...more.comments.filter((c) => !firstPage.some((f) => f.id === c.id))];
  const total = state.status === 'ready' ? (state.result.meta?.total ?? 0) : 0;
  // New comments and replies of this visit are merged in until the next read.
  const threads = [
    ...added.filter((c) => c.parent_id === null),
    ...loaded.filter((c) => !added.some((a) => a.id === c.id)),
  ]
    .filter((c) => !removed.includes(c.id))
    .map((thread) => ({
      ...thread,
      replies: [
        ...thread.replies,
        ...added.filter((c) => c.parent_id === thread.id && !thread.replies.some((r) => r.id === c.id)),
      ].filter((reply) => !removed.includes(reply.id)),
    }));

  async function post(content: string, parentId: number | null) {
    try {
      const { data } = await callApi<{ comment: Comment }>('/api/user/lesson/data.json', {
        method: 'POST',
        body: { lesson_id: lessonId, type: 'comment', content, ...(parentId ? { parent_id: parentId } : {}) },
      });
      setAdded((current) => [data.comment, ...current]);
      setReplying(null);
      return null;
    } catch (error) {
      return messageOf(error);
    }
  }

  async function loadMore() {
    setLoadingMore(true);
    setMessage(null);
    try {
      const { data } = await callApi<{ comments: Comment[] }>(`${listUrl}&page=${more.page + 1}`);
      setMore((current) => ({ page: current.page + 1, comments: [...current.comments, ...(data.comments ?? [])] }));
    } catch (error) {
      setMessage(messageOf(error));
    } finally {
      setLoadingMore(false);
    }
  }

  async function remove(id: number) {
    setMessage(null);
    try {
      await callApi(`/api/user/lesson/data.json?type=comment&id=${id}`, { method: 'DELETE' });
      setRemoved((current) => [...current, id]);
    } catch (error) {
      setMessage(messageOf(error));
    }
  }

  return (
    <div className="space-y-4">
      <CommentForm
        label="Đặt câu hỏi hoặc chia sẻ về bài học"
        submitLabel="Gửi bình luận"
        onSubmit={(c) => post(c, null)}
      />
      <InlineMessage message={message} />
      {state.status === 'loading' && threads.length === 0 ? <PanelLoading>Đang tải thảo luận…</PanelLoading> : null}
      {state.status === 'error' ? <PanelError message={state.message} onRetry={reload} /> : null}
      {state.status === 'ready' && threads.length === 0 ? (
        <PanelEmpty>Chưa có thảo luận nào. Hãy là người đầu tiên đặt câu hỏi!</PanelEmpty>
      ) : null}
      <ul className="space-y-4">
        {threads.map((thread) => (
          <li key={thread.id} className="rounded-xl border border-slate-200 bg-white p-3">
            <CommentItem comment={thread} onReply={() => setReplying(thread.id)} onDelete={(id) => void remove(id)} />
            {thread.replies.length > 0 || replying === thread.id ? (
              <ul className="mt-3 space-y-3 border-l-2 border-slate-100 pl-4 sm:ml-12">
                {thread.replies.map((reply) => (
                  <li key={reply.id}>
                    <CommentItem
                      comment={reply}
                      onReply={() => setReplying(thread.id)}
                      onDelete={(id) => void remove(id)}
                    />
                  </li>
                ))}
                {replying === thread.id ? (
                  <li>
                    <CommentForm
                      label={`Trả lời ${thread.author.full_name}`}
                      submitLabel="Gửi trả lời"
                      onSubmit={(c) => post(c, thread.id)}
                      onCancel={() => setReplying(null)}
                      autoFocus
                    />
                  </li>
                ) : null}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
      {state.status === 'ready' && loaded.length < total ? (
        <button
          type="button"
          className={`${SECONDARY_BUTTON} w-full disabled:opacity-60`}
          disabled={loadingMore}
          onClick={() => void loadMore()}
        >
          {loadingMore ? 'Đang tải…' : `Xem thêm bình luận (${total - loaded.length})`}
        </button>
      ) : null}
    </div>
  );
}
