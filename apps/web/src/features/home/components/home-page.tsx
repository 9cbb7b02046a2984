import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { usePartsAfterFirstPaint } from '@/lib/use-after-first-paint';
import { BenefitsSection } from './benefits-section';
import { FaqSection } from './faq-section';
import { HeroSection } from './hero-section';
import { NewsletterSection } from './newsletter-section';
import { SecuritySection } from './security-section';
import { StepsCarousel } from './steps-carousel';

/**
 * The blocks under the hero, in order: below a phone's first screen, so each renders in a task of its own after the
 * first paint (decision 0048) instead of in the first render's one long task. The footer comes after the first of
 * them, below the fold by then, so nothing on screen moves as the rest arrive.
 */
const BELOW_THE_HERO: readonly (readonly [string, ComponentType])[] = [
  ['benefits', BenefitsSection],
  ['security', SecuritySection],
  ['steps', StepsCarousel],
  ['newsletter', NewsletterSection],
  ['faq', FaqSection],
];

/** The landing page: every block of spec §2, in order. The banner, navbar and footer come from PublicLayout. */
export function HomePage() {
  const { t } = useTranslation('home');
  const shown = usePartsAfterFirstPaint(BELOW_THE_HERO.length);
  return (
    <>
      <title>{t('meta.title')}</title>
      <meta name="description" content={t('meta.description')} />
      <HeroSection />
      {BELOW_THE_HERO.slice(0, shown).map(([key, Section]) => (
        <Section key={key} />
      ))}
    </>
  );
}
