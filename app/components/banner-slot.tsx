import type { BannerView } from '../../modules/site/site.service';
import { SmartLink } from './smart-link';

/** Banners of one placement code, in order: a picture for mobile and PC, linked when it has a link. */
export function BannerSlot({
  banners,
  placement,
  className = '',
}: {
  banners: BannerView[];
  placement: number;
  className?: string;
}) {
  const visible = banners.filter((banner) => banner.type === 'banner');
  if (visible.length === 0) return null;
  return (
    <section aria-label={`Banner vị trí ${placement}`} data-placement={placement} className={`grid gap-3 ${className}`}>
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
          <div key={banner.id}>
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
