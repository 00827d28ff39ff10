import type { BannerList } from '@oripa/contract/catalog';
import { useTranslation } from 'react-i18next';
import { Autoplay, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/pagination';
import { SmartLink } from '../../../components/smart-link.tsx';

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
      decoding="async"
    />
  );
}

/** Banner images in a looping, self-advancing slider (banner mode 1). */
export function BannerSlider({ items }: { items: BannerList['list'] }) {
  const { t } = useTranslation();
  const several = items.length > 1;
  return (
    <Swiper
      className="banner-swiper"
      modules={[Autoplay, Pagination]}
      autoplay={several ? { delay: SLIDER_DELAY_MS, disableOnInteraction: false } : false}
      speed={SLIDER_SPEED_MS}
      loop={several}
      pagination={several ? { clickable: true } : false}
    >
      {items.map((item, index) => {
        const alt = t('catalog.banner.slide', { index: index + 1, count: items.length });
        return (
          <SwiperSlide key={`${item.file_name}-${index}`}>
            {item.url ? (
              <SmartLink href={item.url} className="banner-link" ariaLabel={alt}>
                <BannerImage src={item.file_name} alt="" eager={index === 0} />
              </SmartLink>
            ) : (
              <BannerImage src={item.file_name} alt={alt} eager={index === 0} />
            )}
          </SwiperSlide>
        );
      })}
    </Swiper>
  );
}
