import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { safeRedirectPath } from '@/lib/safe-redirect';
import { useAfterFirstPaint } from '@/lib/use-after-first-paint';
import classes from './public/public-layout.module.css';
import { SiteFooter } from './public/site-footer';
import { SiteHeader } from './public/site-header';
import { SupportBanner } from './public/support-banner';

const MAIN_ID = 'main-content';

/** The public site's frame: support banner, navbar, the page, footer (spec §2). No router imports: the landing
 * page renders it before React Router has loaded (app/boot/landing-app.tsx).
 * `redirect`: the page's `redirect` query parameter. The route guard sends a signed-out visitor to
 * /home?redirect=<page>; the Login link passes it on, so logging in leads back to that page. */
export function PublicLayout({ children, redirect }: { children: ReactNode; redirect?: string | null }) {
  const { t } = useTranslation('layout');
  const target = safeRedirectPath(redirect);
  // The footer is below the fold on a first visit: it renders after the page's first paint, in a task of its own.
  const withFooter = useAfterFirstPaint();
  return (
    <div className={classes.root}>
      <a href={`#${MAIN_ID}`} className={classes.skipLink}>
        {t('skipToContent')}
      </a>
      <header>
        <SupportBanner />
        <SiteHeader loginTo={paths.auth.login(target ? { redirect: target } : undefined)} />
      </header>
      {/* tabIndex -1 lets the skip link move focus here, not only scroll. */}
      <main id={MAIN_ID} tabIndex={-1} className={classes.main}>
        {children}
      </main>
      {withFooter && <SiteFooter />}
    </div>
  );
}
