import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './public/public-layout.module.css';
import { SiteFooter } from './public/site-footer';
import { SiteHeader } from './public/site-header';
import { SupportBanner } from './public/support-banner';

const MAIN_ID = 'main-content';

/** The public site's frame: support banner, navbar, the page, footer (spec §2). No router imports: the landing
 * page renders it before React Router has loaded (app/boot/landing-app.tsx). */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('layout');
  return (
    <div className={classes.root}>
      <a href={`#${MAIN_ID}`} className={classes.skipLink}>
        {t('skipToContent')}
      </a>
      <header>
        <SupportBanner />
        <SiteHeader />
      </header>
      {/* tabIndex -1 lets the skip link move focus here, not only scroll. */}
      <main id={MAIN_ID} tabIndex={-1} className={classes.main}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
