import type { BannerView } from '../../modules/site';
import { SmartLink } from './smart-link';

/**
 * Banner artwork sizes: 1200×400 for PC, 750×500 for phones. The box is reserved at that ratio
 * before the picture arrives (no layout shift); other artwork is cropped to it (object-cover).
 */
const PC_SIZE = { width: 1200, height: 400 };
const MOBILE_SIZE = { width: 750, height: 500 };

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
  priority = false,
}: {
  banners: BannerView[];
  placement: number;
  className?: string;
  carousel?: boolean;
  /** The slot opens the page: its first picture is likely the largest paint, fetched first, never lazily. */
  priority?: boolean;
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
        const first = priority && index === 0;
        const image = (
          <picture>
            {banner.image_mobile ? (
              <source
                media="(max-width: 767px)"
                srcSet={banner.image_mobile}
                width={MOBILE_SIZE.width}
                height={MOBILE_SIZE.height}
              />
            ) : null}
            <img
              src={banner.image_pc ?? banner.image_mobile ?? ''}
              alt={banner.title}
              width={PC_SIZE.width}
              height={PC_SIZE.height}
              loading={first ? 'eager' : 'lazy'}
              fetchPriority={first ? 'high' : 'auto'}
              decoding={first ? 'sync' : 'async'}
              className={`h-auto w-full rounded-2xl object-cover ${banner.image_mobile ? 'max-md:aspect-[3/2]' : ''}`}
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
