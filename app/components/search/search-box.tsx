import { useEffect, useId, useRef, useState } from 'react';
import { Form, useNavigate } from 'react-router';
import { SEARCH_KIND_LABELS } from '../../../modules/search/search-options';

/** What GET /api/user/search/suggest.json answers. */
interface Suggestions {
  data: { kind: keyof typeof SEARCH_KIND_LABELS; title: string; url: string }[];
  meta: { suggestion: string | null };
}

interface Option {
  id: string;
  label: string;
  detail: string;
  to: string;
}

/** Typing pauses this long before suggestions are asked for. */
const DEBOUNCE_MS = 200;
const SUGGESTIONS = 6;

const searchPath = (query: string) => `/tim-kiem/${encodeURIComponent(query)}`;

/**
 * The site's search box with suggestions while typing: an ARIA 1.2 combobox (a text input that
 * controls a listbox; arrows move through the options, Enter opens the one chosen or searches what
 * was typed, Escape closes the list). Suggestions are the titles matching the words typed and, when
 * the words were corrected, "Bạn có muốn tìm: …". Without JavaScript it is a plain search form.
 */
export function SearchForm({ id }: { id: string }) {
  const navigate = useNavigate();
  const listId = useId();
  const [query, setQuery] = useState('');
  const [options, setOptions] = useState<Option[]>([]);
  /** The words the options answer (the list can lag behind the box by one request). */
  const [optionsFor, setOptionsFor] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const request = useRef<AbortController | null>(null);

  useEffect(() => {
    const typed = query.trim();
    if (typed === '') return;
    const timer = setTimeout(() => {
      request.current?.abort();
      const controller = new AbortController();
      request.current = controller;
      fetch(`/api/user/search/suggest.json?limit=${SUGGESTIONS}&q=${encodeURIComponent(typed)}`, {
        signal: controller.signal,
        headers: { accept: 'application/json' },
      })
        .then((response) => (response.ok ? (response.json() as Promise<Suggestions>) : null))
        .then((body) => {
          if (!body || controller.signal.aborted) return;
          const found: Option[] = body.data.map((item, index) => ({
            id: `${listId}-${index}`,
            label: item.title,
            detail: SEARCH_KIND_LABELS[item.kind],
            to: item.url,
          }));
          const { suggestion } = body.meta;
          if (suggestion) {
            found.unshift({
              id: `${listId}-goi-y`,
              label: `Bạn có muốn tìm: ${suggestion}`,
              detail: '',
              to: searchPath(suggestion),
            });
          }
          setOptions(found);
          setOptionsFor(typed);
          setActive(-1);
        })
        // An aborted or failed request leaves the box a plain search form.
        .catch(() => undefined);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query, listId]);

  useEffect(() => () => request.current?.abort(), []);

  // Options of an earlier query stay in state when the box is emptied: they are not shown.
  const expanded = open && query.trim() !== '' && options.length > 0;
  const go = (to: string) => {
    setOpen(false);
    void navigate(to);
  };

  return (
    <Form
      method="get"
      action="/tim-kiem"
      role="search"
      className="relative flex w-full items-center"
      onSubmit={(event) => {
        event.preventDefault();
        const chosen = expanded ? options[active] : undefined;
        if (chosen) go(chosen.to);
        else if (query.trim()) go(searchPath(query.trim()));
      }}
    >
      <label htmlFor={id} className="sr-only">
        Tìm khóa học, tin tức, hỗ trợ
      </label>
      <input
        id={id}
        name="q"
        type="search"
        maxLength={200}
        autoComplete="off"
        placeholder="Tìm khóa học, tin tức…"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? options[active]?.id : undefined}
        value={query}
        onChange={(event) => {
          setQuery(event.currentTarget.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(true);
            const step = event.key === 'ArrowDown' ? 1 : -1;
            setActive((current) => (options.length === 0 ? -1 : (current + step + options.length) % options.length));
          } else if (event.key === 'Escape' && expanded) {
            // The first Escape closes the list; the next one clears the box (the search input's own).
            event.preventDefault();
            setOpen(false);
            setActive(-1);
          }
        }}
        className="w-full rounded-full border border-slate-300 bg-slate-50 px-4 py-2 text-base focus:border-brand-600 focus:bg-white"
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Gợi ý tìm kiếm"
        hidden={!expanded}
        data-query={optionsFor}
        className="absolute left-0 right-0 top-full z-30 mt-1 max-h-[70vh] overflow-y-auto rounded-2xl border border-slate-200 bg-white py-1 shadow-lg"
      >
        {options.map((option, index) => (
          <li
            key={option.id}
            id={option.id}
            role="option"
            aria-selected={index === active}
            // Chosen before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              go(option.to);
            }}
            className={`flex min-h-11 cursor-pointer items-center justify-between gap-3 px-4 py-2 text-left ${
              index === active ? 'bg-brand-50 text-brand-800' : 'hover:bg-slate-50'
            } ${option.detail ? '' : 'font-semibold text-brand-700'}`}
          >
            <span className="line-clamp-2">{option.label}</span>
            {option.detail ? <span className="shrink-0 text-xs text-slate-600">{option.detail}</span> : null}
          </li>
        ))}
      </ul>
      <p className="sr-only" aria-live="polite">
        {expanded ? `${options.length} gợi ý` : ''}
      </p>
    </Form>
  );
}
