import type { AppLinkProps, LinkAdapter } from '@/components/app-link';
import { isBrowserHandledClick, isLandingPath } from './landing-path';

/** What the landing page's links do before the router runs. */
export type LandingNavigation = {
  /** Starts the router and shows `to`. */
  leave: (to: string) => void;
  /** Fetches the router ahead of a likely click (pointer over, focus, touch). */
  prefetch: () => void;
};

/** Whether `to` is the page being shown: the landing page is the only one shown before the router runs. */
function isCurrentPage(to: string): boolean {
  const target = new URL(to, window.location.href).pathname;
  return (
    target === window.location.pathname || (isLandingPath(target) && isLandingPath(window.location.pathname))
  );
}

/**
 * Plain anchors for the landing page: real hrefs (new tabs, crawlers and no-JS all work), and a same-tab click hands
 * over to React Router instead of reloading the page.
 */
export function landingLinks(navigation: LandingNavigation): LinkAdapter {
  function Link({ to, onClick, onPointerEnter, onFocus, onTouchStart, ...rest }: AppLinkProps) {
    return (
      <a
        {...rest}
        href={to}
        onClick={(event) => {
          onClick?.(event);
          if (isBrowserHandledClick(event)) return;
          event.preventDefault();
          navigation.leave(to);
        }}
        onPointerEnter={(event) => {
          onPointerEnter?.(event);
          navigation.prefetch();
        }}
        onFocus={(event) => {
          onFocus?.(event);
          navigation.prefetch();
        }}
        onTouchStart={(event) => {
          onTouchStart?.(event);
          navigation.prefetch();
        }}
      />
    );
  }
  function NavLink(props: AppLinkProps) {
    return <Link aria-current={isCurrentPage(props.to) ? 'page' : undefined} {...props} />;
  }
  return { Link, NavLink };
}
