import type { BannerList } from '@oripa/contract/catalog';
import { useCallback, useEffect, useRef, useState } from 'react';
import { SmartLink } from '@/components/smart-link.tsx';
import { useTranslation } from '@/lib/use-translation.ts';

/** Slider timing of spec section 4: a new slide every 2.5 s, moving for 0.8 s. */
export const SLIDER_DELAY_MS = 2500;
export const SLIDER_SPEED_MS = 800;

function BannerImage({ src, alt, eager }: { src: string; alt: string; eager: boolean }) {
  return (
    <img
      className="banner-image"
      src={src}
      alt={alt}
      width="1200"
      height="400"
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      decoding="async"
    />
  );
}

function reducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Banner images in a self-advancing slider (banner mode 1): a scroll-snap strip moved by the
 * browser, so the first banner paints with the page and no slider library loads. It pauses
 * while pointed at, touched or focused; the dots choose a slide.
 */
export function BannerSlider({ items }: { items: BannerList['list'] }) {
  const { t } = useTranslation();
  const strip = useRef<HTMLUListElement>(null);
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);
  const several = items.length > 1;

  const show = useCallback((index: number) => {
    const list = strip.current;
    if (!list) return;
    list.scrollTo({ left: index * list.clientWidth, behavior: reducedMotion() ? 'auto' : 'smooth' });
  }, []);

  useEffect(() => {
    if (!several || paused) return undefined;
    const timer = window.setInterval(() => show((active + 1) % items.length), SLIDER_DELAY_MS + SLIDER_SPEED_MS);
    return () => window.clearInterval(timer);
  }, [several, paused, active, items.length, show]);

  const onScroll = () => {
    const list = strip.current;
    if (list && list.clientWidth > 0) setActive(Math.round(list.scrollLeft / list.clientWidth));
  };

  return (
    <div
      className="banner-slider"
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <ul className="banner-slider__strip" ref={strip} onScroll={onScroll}>
        {items.map((item, index) => {
          const alt = t('catalog.banner.slide', { index: index + 1, count: items.length });
          return (
            <li key={`${item.file_name}-${index}`} className="banner-slider__slide">
              {item.url ? (
                <SmartLink href={item.url} className="banner-link" ariaLabel={alt}>
                  <BannerImage src={item.file_name} alt="" eager={index === 0} />
                </SmartLink>
              ) : (
                <BannerImage src={item.file_name} alt={alt} eager={index === 0} />
              )}
            </li>
          );
        })}
      </ul>
      {several && (
        <div className="banner-slider__dots">
          {items.map((item, index) => (
            <button
              key={`${item.file_name}-${index}`}
              type="button"
              className={index === active ? 'banner-slider__dot is-active' : 'banner-slider__dot'}
              aria-label={t('catalog.banner.slide', { index: index + 1, count: items.length })}
              aria-current={index === active ? 'true' : undefined}
              onClick={() => show(index)}
            />
          ))}
        </div>
      )}
    </div>
  );
}
