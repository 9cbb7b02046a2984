import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { routePatterns } from '@/config/paths';
import { GuardedLayout } from './guard';
import { RootShell } from './layouts/root-shell';
import { RouteError } from './routes/route-error';

/** A screen loaded on demand: the module is fetched the first time its route matches. */
function screen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

const comingSoonScreen = screen(
  () => import('./routes/coming-soon-page'),
  (m) => m.ComingSoonPage,
);

/** A route whose feature has not landed yet; the page reads its title from the route handle. */
function comingSoon(title: string): Pick<RouteObject, 'lazy' | 'handle'> {
  return { lazy: comingSoonScreen, handle: { title } };
}

const homeScreen = screen(
  () => import('@/features/home/components/home-page'),
  (m) => m.HomePage,
);

const publicRoutes: RouteObject[] = [
  { index: true, lazy: homeScreen },
  { path: routePatterns.home, lazy: homeScreen },
  {
    path: routePatterns.contact,
    lazy: screen(
      () => import('@/features/support/components/contact-page'),
      (m) => m.ContactPage,
    ),
  },
  {
    path: routePatterns.resources,
    lazy: screen(
      () => import('@/features/blog/components/resources-page'),
      (m) => m.ResourcesPage,
    ),
  },
  {
    path: routePatterns.article,
    lazy: screen(
      () => import('@/features/blog/components/article-page'),
      (m) => m.ArticlePage,
    ),
  },
  {
    path: routePatterns.terms,
    lazy: screen(
      () => import('@/features/legal/components/terms-page'),
      (m) => m.TermsPage,
    ),
  },
  {
    path: routePatterns.refund,
    lazy: screen(
      () => import('@/features/legal/components/refund-policy-page'),
      (m) => m.RefundPolicyPage,
    ),
  },
  {
    path: routePatterns.privacy,
    lazy: screen(
      () => import('@/features/legal/components/privacy-policy-page'),
      (m) => m.PrivacyPolicyPage,
    ),
  },
  {
    path: routePatterns.about,
    lazy: screen(
      () => import('@/features/company/components/about-page'),
      (m) => m.AboutPage,
    ),
  },
  {
    path: routePatterns.pricing,
    lazy: screen(
      () => import('@/features/company/components/pricing-page'),
      (m) => m.PricingPage,
    ),
  },
  {
    path: routePatterns.career,
    lazy: screen(
      () => import('@/features/company/components/career-page'),
      (m) => m.CareerPage,
    ),
  },
  { path: routePatterns.login, ...comingSoon('Log in') },
  { path: routePatterns.logout, ...comingSoon('Log out') },
  { path: routePatterns.register, ...comingSoon('Register') },
  { path: routePatterns.forgotPassword, ...comingSoon('Forgot password') },
  { path: routePatterns.resetPassword, ...comingSoon('Update password') },
  { path: routePatterns.verifyEmail, ...comingSoon('Verify your e-mail') },
  {
    path: routePatterns.notFound,
    lazy: screen(
      () => import('./routes/not-found-page'),
      (m) => m.NotFoundPage,
    ),
  },
  {
    path: routePatterns.serverError,
    lazy: screen(
      () => import('./routes/server-error-page'),
      (m) => m.ServerErrorPage,
    ),
  },
];

export const routes: RouteObject[] = [
  {
    element: <RootShell />,
    errorElement: <RouteError />,
    HydrateFallback: () => <PageLoader fullScreen />,
    children: [
      {
        path: '/',
        lazy: screen(
          () => import('./layouts/public-layout'),
          (m) => m.PublicLayout,
        ),
        children: publicRoutes,
      },
      {
        lazy: screen(
          () => import('./layouts/full-window-layout'),
          (m) => m.FullWindowLayout,
        ),
        children: [{ path: routePatterns.accessApplication, ...comingSoon('Your application') }],
      },
      { path: '*', element: <GuardedLayout /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
