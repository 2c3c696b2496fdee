/** Learner feedback and partner logos, as the home and about pages show them. */

export interface FeedbackItem {
  id: number;
  slug: string;
  title: string;
  summary: string | null;
}

export interface PartnerItem {
  id: number;
  title: string;
  url: string;
}

/** Quotes from learners; `anchored` gives each an id so /gioi-thieu#{slug} lands on it. */
export function FeedbackList({ items, anchored = false }: { items: FeedbackItem[]; anchored?: boolean }) {
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {items.map((item) => (
        <li key={item.id} id={anchored ? item.slug : undefined}>
          <figure className="h-full rounded-2xl border border-slate-200 bg-white p-4">
            <blockquote className="text-slate-800">“{item.summary}”</blockquote>
            <figcaption className="mt-2 text-sm font-semibold text-slate-700">— {item.title}</figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}

export function PartnerLogos({ partners, className }: { partners: PartnerItem[]; className: string }) {
  return (
    <ul className={className}>
      {partners.map((partner) => (
        <li key={partner.id}>
          <img
            src={partner.url}
            alt={partner.title}
            width={320}
            height={160}
            loading="lazy"
            decoding="async"
            className="w-full rounded-xl"
          />
        </li>
      ))}
    </ul>
  );
}
