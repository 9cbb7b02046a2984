import { useTranslation } from 'react-i18next';
import { BenefitsSection } from './benefits-section';
import { FaqSection } from './faq-section';
import { HeroSection } from './hero-section';
import { NewsletterSection } from './newsletter-section';
import { SecuritySection } from './security-section';
import { StepsCarousel } from './steps-carousel';

/** The landing page: every block of spec §2, in order. The banner, navbar and footer come from PublicLayout. */
export function HomePage() {
  const { t } = useTranslation('home');
  return (
    <>
      <title>{t('meta.title')}</title>
      <meta name="description" content={t('meta.description')} />
      <HeroSection />
      <BenefitsSection />
      <SecuritySection />
      <StepsCarousel />
      <NewsletterSection />
      <FaqSection />
    </>
  );
}
