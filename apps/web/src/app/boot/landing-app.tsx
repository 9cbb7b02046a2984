import { Component, type ReactNode, useEffect, useMemo, useState } from 'react';
import { PublicLayout } from '@/app/layouts/public-layout';
import { ErrorScreen } from '@/app/routes/error-screen';
import { LinkAdapterProvider } from '@/components/app-link';
import { LoadingBar } from '@/components/loading-bar';
import { HomePage } from '@/features/home/components/home-page';
import { rewriteHashLink } from '@/lib/hash-links';
import { reportError } from '@/lib/log';
import { landingLinks } from './landing-links';

/** Shows the error screen when the landing page fails to render, as the router's errorElement does. */
class LandingErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    reportError('landing page failed to render', error);
  }
  override render() {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}

/**
 * The landing page as the first screen of a visit, without React Router: the router and every other screen load
 * when the visitor heads elsewhere (docs/decisions/0003-landing-boot.md).
 */
export function LandingApp(props: {
  openRouter: (handOver: { to: string; replace?: boolean }) => Promise<void>;
  prefetchRouter: () => void;
}) {
  const { openRouter, prefetchRouter } = props;
  const [isLeaving, setIsLeaving] = useState(false);
  // The landing page is shown only until the first in-app click, so the query it was opened with stays put.
  const [redirect] = useState(() => new URLSearchParams(window.location.search).get('redirect'));
  const links = useMemo(() => {
    const leave = (to: string, replace?: boolean) => {
      setIsLeaving(true);
      void openRouter({ to, replace });
    };
    return { adapter: landingLinks({ leave, prefetch: prefetchRouter }), leave };
  }, [openRouter, prefetchRouter]);

  // An old hash-style link followed on this page (/#/resources) opens the page it names, including one followed
  // while index.html's hero was still standing in for this page (before this listener existed).
  useEffect(() => {
    const onHashChange = () => {
      const target = rewriteHashLink(window.location);
      if (target) links.leave(target, true);
    };
    onHashChange();
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, [links]);

  return (
    <LinkAdapterProvider value={links.adapter}>
      {isLeaving && <LoadingBar />}
      <LandingErrorBoundary>
        <PublicLayout redirect={redirect}>
          <HomePage />
        </PublicLayout>
      </LandingErrorBoundary>
    </LinkAdapterProvider>
  );
}
