import { BANNER_MODE } from '@oripa/contract/constants';
import { useCallback } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { useBanner } from '../api/catalog-queries.ts';
import { BannerSlider } from './banner-slider.tsx';

/** A muted, looping inline video (banner mode 2). Muted is set on the element so autoplay is allowed. */
function BannerVideo({ src }: { src: string }) {
  const { t } = useTranslation();
  const start = useCallback((video: HTMLVideoElement | null) => {
    if (!video) return;
    video.defaultMuted = true;
    video.muted = true;
    video.play().catch(() => {
      // Autoplay refused (battery saver, user setting): the first frame stays visible.
    });
  }, []);
  return (
    <video
      ref={start}
      className="banner-video"
      src={src}
      aria-label={t('catalog.banner.video')}
      autoPlay
      muted
      loop
      playsInline
      preload="auto"
    />
  );
}

/** The top page's banner area: an image slider or a video, as the operator chose. */
export function BannerArea() {
  const { t } = useTranslation();
  const banner = useBanner();
  const items = banner.data?.list ?? [];
  if (banner.isError || (banner.isSuccess && items.length === 0)) return null;

  return (
    <section className="banner-area" aria-label={t('catalog.banner.label')}>
      {!banner.data ? (
        <div className="banner-skeleton" />
      ) : banner.data.mode === BANNER_MODE.video ? (
        <BannerVideo src={items[0]?.file_name ?? ''} />
      ) : (
        <BannerSlider items={items} />
      )}
    </section>
  );
}
