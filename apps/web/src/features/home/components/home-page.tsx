import { type ComponentType, memo } from 'react';
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
 * them, below the fold by then, so nothing on screen moves as the rest arrive. Memoised (they take no props): adding
 * one does not render again those already there.
 */
const BELOW_THE_HERO: readonly (readonly [string, ComponentType])[] = [
  ['benefits', memo(BenefitsSection)],
  ['security', memo(SecuritySection)],
  ['steps', memo(StepsCarousel)],
  ['newsletter', memo(NewsletterSection)],
  ['faq', memo(FaqSection)],
];

/** The sections under the hero, one more per task after the first paint; only this part renders again each time. */
function BelowTheHero() {
  const shown = usePartsAfterFirstPaint(BELOW_THE_HERO.length);
  return BELOW_THE_HERO.slice(0, shown).map(([key, Section]) => <Section key={key} />);
}

/** The landing page: every block of spec §2, in order. The banner, navbar and footer come from PublicLayout. */
export function HomePage() {
  const { t } = useTranslation('home');
  return (
    <>
      <title>{t('meta.title')}</title>
      <meta name="description" content={t('meta.description')} />
      <HeroSection />
      <BelowTheHero />
    </>
  );
}
