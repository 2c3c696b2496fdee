import type { BannerView } from '../../modules/site/site.service';
import { SmartLink } from './smart-link';

/**
 * Banners of one placement code, in order: a picture for mobile and PC, linked when it has a link.
 * `carousel`: on phones the banners sit side by side and swipe (the next one peeks in), instead of
 * stacking into several screens of pictures; from the md breakpoint they stack as usual.
 */
export function BannerSlot({
  banners,
  placement,
  className = '',
  carousel = false,
}: {
  banners: BannerView[];
  placement: number;
  className?: string;
  carousel?: boolean;
}) {
  const visible = banners.filter((banner) => banner.type === 'banner');
  if (visible.length === 0) return null;
  const swipe = carousel && visible.length > 1;
  const layout = swipe
    ? '-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto overscroll-x-contain px-4 pb-1 md:mx-0 md:grid md:overflow-visible md:px-0 md:pb-0'
    : 'grid gap-3';
  const item = swipe ? 'w-[88%] shrink-0 snap-start md:w-auto' : '';
  return (
    <section aria-label={`Banner vị trí ${placement}`} data-placement={placement} className={`${layout} ${className}`}>
      {visible.map((banner, index) => {
        const image = (
          <picture>
            {banner.image_mobile ? <source media="(max-width: 767px)" srcSet={banner.image_mobile} /> : null}
            <img
              src={banner.image_pc ?? banner.image_mobile ?? ''}
              alt={banner.title}
              width={1200}
              height={400}
              loading={index === 0 && placement === 1 ? 'eager' : 'lazy'}
              decoding="async"
              className="h-auto w-full rounded-2xl object-cover"
            />
          </picture>
        );
        return (
          <div key={banner.id} className={item}>
            {banner.link_url ? (
              <SmartLink href={banner.link_url} className="block">
                {image}
              </SmartLink>
            ) : (
              image
            )}
          </div>
        );
      })}
    </section>
  );
}
