import { type ComponentPropsWithRef, type ComponentType, createContext, use } from 'react';

/** An in-app link: a path from config/paths.ts instead of an href. */
export type AppLinkProps = Omit<ComponentPropsWithRef<'a'>, 'href'> & { to: string };

/**
 * How in-app links are rendered. The landing page boots without React Router (see
 * docs/decisions/0003-landing-boot.md), so its links cannot import the router's Link: they render through this
 * adapter, which is React Router's Link and NavLink once the router runs and plain anchors that hand over to the
 * router before it does. `NavLink` marks the current page with aria-current="page".
 */
export type LinkAdapter = {
  Link: ComponentType<AppLinkProps>;
  NavLink: ComponentType<AppLinkProps>;
};

const LinkAdapterContext = createContext<LinkAdapter | null>(null);

export const LinkAdapterProvider = LinkAdapterContext.Provider;

function useLinkAdapter(): LinkAdapter {
  const adapter = use(LinkAdapterContext);
  if (!adapter) throw new Error('AppLink rendered outside a LinkAdapterProvider');
  return adapter;
}

/** A link to a page of the app; use it in components the landing page shares (layout, home, message pages). */
export function AppLink(props: AppLinkProps) {
  const { Link } = useLinkAdapter();
  return <Link {...props} />;
}

/** A navigation link that carries aria-current="page" while its page is shown. */
export function AppNavLink(props: AppLinkProps) {
  const { NavLink } = useLinkAdapter();
  return <NavLink {...props} />;
}
