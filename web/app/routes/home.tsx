import { useTranslation } from '../../i18n/react';
import { Section } from '../../components/section';
import { Hero } from '../../features/home/components/hero';
import { Intro } from '../../features/home/components/intro';
import { Impact } from '../../features/home/components/impact';
import { Testimonials } from '../../features/home/components/testimonials';
import { HomeVideo } from '../../features/home/components/home-video';
import { RecentStories } from '../../features/stories/components/recent-stories';
import { GalleryPreview } from '../../features/gallery/components/gallery-preview';
import { BannerCarousel } from '../../features/banners/components/banner-carousel';
import { GalleryTabs } from '../../features/gallery/components/gallery-tabs';
import { OpenEvents } from '../../features/events/components/open-events';
import { paths } from '../paths';
import { videos } from '../site';

export function Component() {
  const { t } = useTranslation('media');
  return (
    <>
      <Hero loginPath={paths.login()} videoId={videos.howItWorksYouTubeId} />
      <OpenEvents eventPath={paths.event} />
      <Intro />
      <Impact />
      <RecentStories storyPath={paths.story} allPath={paths.storiesAll()} />
      <Testimonials />
      <GalleryPreview galleryPath={paths.gallery()} />
      <HomeVideo src={videos.homeFilm.src} poster={videos.homeFilm.poster} />
      <BannerCarousel />
      <Section id="home-gallery-title" title={t('galleryTitle')}>
        <GalleryTabs idPrefix="home-gallery" />
      </Section>
    </>
  );
}
