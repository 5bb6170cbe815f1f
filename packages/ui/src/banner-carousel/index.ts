export { BannerCarousel, type BannerCarouselProps, type BannerItem } from './banner-carousel';
