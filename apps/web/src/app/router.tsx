import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { routePatterns } from '@/config/paths';
import { sessionQueryOptions } from '@/features/auth/api/get-session';
import { DASHBOARD_READ_PATHS } from '@/features/dashboard/api/dashboard-reads';
import { loadRoleDashboard } from '@/features/dashboard/components/role-dashboards';
import { peekBootRead } from '@/lib/boot-read';
import { loadNamespaces, loadOwnNamespaces } from '@/lib/i18n';
import type { PrepareCallHandle, PrepareNotaryCallHandle } from '@/lib/prepare-call';
import { queryClient } from '@/lib/query-client';
import { type PrivateScreen, SCREEN_ROLES } from './access';
import { roleReadsAtBoot } from './boot/dashboard-at-boot';
import { RootShell } from './layouts/root-shell';
import { RouteError } from './routes/route-error';

/** A screen loaded on demand: its module and its translation namespaces are fetched the first time it matches. */
function screen<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  namespaces: readonly string[] = [],
  options: { errorTexts?: boolean } = {},
) {
  // Without `errorTexts`: a layout (each screen below it loads them) or a screen whose first message can only follow
  // its form's checks, which bring them (lib/use-contract-form.ts; /login, decision 0079).
  const texts = options.errorTexts === false ? loadOwnNamespaces : loadNamespaces;
  return async () => {
    const [module] = await Promise.all([load(), texts(namespaces)]);
    return { Component: pick(module) };
  };
}

const homeScreen = screen(
  () => import('@/features/home/components/home-page'),
  (m) => m.HomePage,
  ['home'],
);

const queryLayout = screen(
  () => import('./layouts/query-layout'),
  (m) => m.QueryLayout,
  [],
  { errorTexts: false },
);

/** Public screens that may read server state: below the lazily loaded query layout. */
const serverStateRoutes: RouteObject[] = [
  {
    path: routePatterns.supportReply,
    lazy: screen(
      () => import('@/features/support/components/reply-page'),
      (m) => m.ReplyPage,
      ['support', 'contact'],
    ),
  },
  {
    path: routePatterns.emailConfirm,
    lazy: screen(
      () => import('@/features/profile/components/email-link-page'),
      (m) => m.EmailConfirmPage,
      ['profile'],
    ),
  },
  {
    path: routePatterns.emailUndo,
    lazy: screen(
      () => import('@/features/profile/components/email-link-page'),
      (m) => m.EmailUndoPage,
      ['profile'],
    ),
  },
  {
    path: routePatterns.newsletterConfirm,
    lazy: screen(
      () => import('@/features/newsletter/components/newsletter-link-page'),
      (m) => m.NewsletterConfirmPage,
      ['newsletter'],
    ),
  },
  {
    path: routePatterns.newsletterUnsubscribe,
    lazy: screen(
      () => import('@/features/newsletter/components/newsletter-link-page'),
      (m) => m.NewsletterUnsubscribePage,
      ['newsletter'],
    ),
  },
  {
    path: routePatterns.contact,
    lazy: screen(
      () => import('@/features/support/components/contact-page'),
      (m) => m.ContactPage,
      ['contact'],
    ),
  },
  {
    path: routePatterns.resources,
    lazy: screen(
      () => import('@/features/blog/components/resources-page'),
      (m) => m.ResourcesPage,
      ['blog'],
    ),
  },
  {
    path: routePatterns.article,
    lazy: screen(
      () => import('@/features/blog/components/article-page'),
      (m) => m.ArticlePage,
      ['blog'],
    ),
  },
  {
    path: routePatterns.terms,
    lazy: screen(
      () => import('@/features/legal/components/terms-page'),
      (m) => m.TermsPage,
      ['legal'],
    ),
  },
  {
    path: routePatterns.refund,
    lazy: screen(
      () => import('@/features/legal/components/refund-policy-page'),
      (m) => m.RefundPolicyPage,
      ['legal'],
    ),
  },
  {
    path: routePatterns.privacy,
    lazy: screen(
      () => import('@/features/legal/components/privacy-policy-page'),
      (m) => m.PrivacyPolicyPage,
      ['legal'],
    ),
  },
  {
    path: routePatterns.about,
    lazy: screen(
      () => import('@/features/company/components/about-page'),
      (m) => m.AboutPage,
      ['company'],
    ),
  },
  {
    path: routePatterns.pricing,
    lazy: screen(
      () => import('@/features/company/components/pricing-page'),
      (m) => m.PricingPage,
      ['company'],
    ),
  },
  {
    path: routePatterns.career,
    lazy: screen(
      () => import('@/features/company/components/career-page'),
      (m) => m.CareerPage,
      ['company'],
    ),
  },
  {
    path: routePatterns.login,
    lazy: screen(
      () => import('@/features/auth/components/login-page'),
      (m) => m.LoginPage,
      ['auth'],
      { errorTexts: false },
    ),
  },
  {
    path: routePatterns.logout,
    lazy: screen(
      () => import('@/features/auth/components/logout-page'),
      (m) => m.LogoutPage,
      ['auth'],
    ),
  },
  {
    path: routePatterns.register,
    lazy: screen(
      () => import('@/features/auth/components/register-page'),
      (m) => m.RegisterPage,
      ['auth'],
    ),
  },
  {
    path: routePatterns.forgotPassword,
    lazy: screen(
      () => import('@/features/auth/components/forgot-password-page'),
      (m) => m.ForgotPasswordPage,
      ['auth'],
    ),
  },
  {
    path: routePatterns.resetPassword,
    lazy: screen(
      () => import('@/features/auth/components/reset-password-page'),
      (m) => m.ResetPasswordPage,
      ['auth'],
    ),
  },
  {
    path: routePatterns.verifyEmail,
    lazy: screen(
      () => import('@/features/auth/components/verify-email-page'),
      (m) => m.VerifyEmailPage,
      ['auth'],
    ),
  },
  {
    path: routePatterns.signInLink,
    lazy: screen(
      () => import('@/features/auth/components/sign-in-link-page'),
      (m) => m.SignInLinkPage,
      ['auth'],
    ),
  },
  {
    path: routePatterns.notaryDirectory,
    lazy: screen(
      () => import('@/features/notary-directory/components/notary-directory-page'),
      (m) => m.NotaryDirectoryPage,
      ['notaries', 'directory'],
    ),
  },
  {
    path: routePatterns.verify,
    lazy: screen(
      () => import('@/features/verify/components/verify-page'),
      (m) => m.VerifyPage,
      ['verify'],
    ),
  },
  {
    path: routePatterns.verifyCode,
    lazy: screen(
      () => import('@/features/verify/components/verify-page'),
      (m) => m.VerifyPage,
      ['verify'],
    ),
  },
  {
    path: routePatterns.devMailbox,
    lazy: screen(
      () => import('@/features/dev-mailbox/components/mailbox-page'),
      (m) => m.MailboxPage,
      ['mailbox'],
    ),
  },
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

/** A screen of the signed-in area; its handle carries the roles the guard admits (app/access.ts). */
function privateScreen(key: PrivateScreen, lazy: RouteObject['lazy'], handle?: object): RouteObject {
  return { path: routePatterns[key], lazy, handle: { roles: SCREEN_ROLES[key], screen: key, ...handle } };
}

const notarySessionScreen = screen(
  () => import('@/features/call/components/notary-session-page'),
  (m) => m.NotarySessionPage,
  ['call', 'call-panels', 'call-signing', 'applications'],
);

const portalSessionScreen = screen(
  () => import('@/features/call/components/portal-session-page'),
  (m) => m.PortalSessionPage,
  ['call', 'call-panels', 'call-signing', 'applications'],
);

/**
 * A signatory waiting for a notary will join the call: its screen is fetched while they wait, and once the session
 * is live its view is read too, so "Join the session" opens the pre-join check without a chain of fetches.
 */
function preparePortalCall(token: string, isLive: boolean): void {
  void portalSessionScreen().catch(() => undefined);
  // Loaded here, not at the top: the landing page ships the router without TanStack Query (decision 0002).
  if (isLive)
    void Promise.all([import('@/lib/query-client'), import('@/features/call/api/session')])
      .then(([{ queryClient }, { portalSessionQueryOptions }]) =>
        queryClient.prefetchQuery(portalSessionQueryOptions(token)),
      )
      .catch(() => undefined);
}

/** Accept goes into the call: the camera opens while the accept is on its way (the call's screen takes it). */
const prepareNotaryCall: PrepareNotaryCallHandle['prepareNotaryCall'] = {
  start: () =>
    void import('@/features/call/lib/early-camera')
      .then((module) => module.openCameraEarly())
      .catch(() => undefined),
  cancel: () =>
    void import('@/features/call/lib/early-camera')
      .then((module) => module.dropEarlyCamera())
      .catch(() => undefined),
};

const dashboardPage = screen(
  () => import('@/features/dashboard/components/dashboard-page'),
  (m) => m.DashboardPage,
  ['dashboard', 'notaries'],
);

const guardLayout = screen(
  () => import('./guard'),
  (m) => m.GuardedLayout,
  ['app'],
);

/**
 * The guard with the session (asked for at boot): the router's first render is then the frame and the screen, not a
 * loader first and the frame in a second render. A failed read is the guard's to show.
 */
async function guardedLayout() {
  const session = queryClient.ensureQueryData(sessionQueryOptions()).catch(() => undefined);
  const [route] = await Promise.all([guardLayout(), session]);
  return route;
}

/**
 * The dashboard and the signed-in role's part of it, side by side: the session (asked for at boot) names the role.
 * Without a session the guard decides, and the page loads the part itself if it ever renders.
 */
async function dashboardScreen() {
  const rolePart = queryClient
    .ensureQueryData(sessionQueryOptions())
    .then(async (user) => {
      if (!user) return;
      await loadRoleDashboard(user.role);
      await roleListFromBoot();
    })
    .catch(() => undefined);
  const [route] = await Promise.all([dashboardPage(), rolePart]);
  return route;
}

/**
 * On a first load, the role's list read the boot already started (from the HTML, right after the session answered:
 * decision 0077) goes into the first render, which then draws the list where it stays instead of a skeleton the list
 * pushes the page down from (CLS). Without a boot read (a later visit inside the app) nothing waits. A failed read
 * is the screen's to show, as before.
 */
async function roleListFromBoot() {
  await roleReadsAtBoot();
  if (!peekBootRead(DASHBOARD_READ_PATHS.applications)) return;
  const { dashboardApplicationsQueryOptions } = await import('@/features/dashboard/api/get-dashboard');
  await queryClient.ensureQueryData(dashboardApplicationsQueryOptions()).catch(() => undefined);
}

const profileScreen = screen(
  () => import('@/features/profile/components/profile-page'),
  (m) => m.ProfilePage,
  ['profile'],
);

/** Behind the guard, inside the app shell. Sections whose feature has not landed show an honest empty state. */
const privateRoutes: RouteObject[] = [
  privateScreen('dashboard', dashboardScreen),
  privateScreen('profile', profileScreen),
  privateScreen(
    'profileSecurity',
    screen(
      () => import('@/features/profile/components/profile-page'),
      (m) => m.ProfileSecurityPage,
      ['profile'],
    ),
  ),
  privateScreen(
    'applications',
    screen(
      () => import('@/features/applications/components/applications-page'),
      (m) => m.ApplicationsPage,
      ['applications'],
    ),
  ),
  privateScreen(
    'applicationNew',
    screen(
      () => import('@/features/application-wizard/components/new-application-page'),
      (m) => m.NewApplicationPage,
      ['applications', 'wizard'],
    ),
  ),
  privateScreen(
    'applicationEdit',
    screen(
      () => import('@/features/application-wizard/components/application-wizard-page'),
      (m) => m.ApplicationWizardPage,
      ['applications', 'wizard'],
    ),
  ),
  privateScreen(
    'applicationView',
    screen(
      () => import('./routes/application-view-screen'),
      (m) => m.ApplicationViewScreen,
      ['applications', 'payments', 'step-up'],
    ),
  ),
  privateScreen(
    'applicationPay',
    screen(
      () => import('@/features/payments/components/checkout-page'),
      (m) => m.CheckoutPage,
      ['applications', 'payments'],
    ),
  ),
  // Full-window (no sidebar): see FULL_WINDOW_SCREENS in access.ts.
  privateScreen(
    'sandboxCheckout',
    screen(
      () => import('@/features/payments/components/sandbox-checkout-page'),
      (m) => m.SandboxCheckoutPage,
      ['payments'],
    ),
  ),
  privateScreen(
    'wallet',
    screen(
      () => import('@/features/wallet/components/wallet-page'),
      (m) => m.WalletPage,
      ['wallet'],
    ),
  ),
  privateScreen(
    'organisations',
    screen(
      () => import('@/features/organisations/components/organisations-page'),
      (m) => m.OrganisationsPage,
      ['organisations'],
    ),
  ),
  privateScreen(
    'organisation',
    screen(
      () => import('@/features/organisations/components/organisation-page'),
      (m) => m.OrganisationPage,
      ['organisations'],
    ),
  ),
  privateScreen(
    'organisationInvitation',
    screen(
      () => import('@/features/organisations/components/invitation-page'),
      (m) => m.InvitationPage,
      ['organisations'],
    ),
  ),
  privateScreen(
    'notifications',
    screen(
      () => import('@/features/notifications/components/notifications-page'),
      (m) => m.NotificationsPage,
      ['notifications'],
    ),
  ),
  privateScreen(
    'requests',
    screen(
      // Accepting a request goes straight into the call: its screen is fetched while the notary waits here.
      () =>
        import('@/features/notary-requests/components/requests-page').then((module) => {
          void notarySessionScreen().catch(() => undefined);
          return module;
        }),
      (m) => m.RequestsPage,
      ['requests', 'applications'],
    ),
    { prepareNotaryCall } satisfies PrepareNotaryCallHandle,
  ),
  privateScreen('notarySession', notarySessionScreen),
  privateScreen(
    'notaryOnboarding',
    screen(
      () => import('@/features/notary-onboarding/components/onboarding-page'),
      (m) => m.OnboardingPage,
      ['notaries', 'onboarding'],
    ),
  ),
  privateScreen(
    'notaryRegister',
    screen(
      () => import('@/features/notary-register/components/register-page'),
      (m) => m.RegisterPage,
      ['notary-register'],
    ),
  ),
  privateScreen(
    'adminNotaries',
    screen(
      () => import('@/features/admin-notaries/components/admin-notaries-page'),
      (m) => m.AdminNotariesPage,
      ['notaries', 'admin-notaries'],
    ),
  ),
  privateScreen(
    'adminNotary',
    screen(
      () => import('@/features/admin-notaries/components/admin-notary-page'),
      (m) => m.AdminNotaryPage,
      ['notaries', 'admin-notaries', 'admin-notary-record', 'notary-register', 'applications'],
    ),
  ),
  privateScreen(
    'adminClients',
    screen(
      () => import('@/features/admin-clients/components/admin-clients-page'),
      (m) => m.AdminClientsPage,
      ['admin-clients'],
    ),
  ),
  privateScreen(
    'adminClient',
    screen(
      () => import('@/features/admin-clients/components/admin-client-page'),
      (m) => m.AdminClientPage,
      ['admin-clients', 'applications', 'step-up', 'notifications'],
    ),
  ),
  privateScreen(
    'adminApplications',
    screen(
      () => import('@/features/admin-applications/components/admin-applications-page'),
      (m) => m.AdminApplicationsPage,
      ['admin-applications', 'applications'],
    ),
  ),
  privateScreen(
    'adminApplication',
    screen(
      () => import('@/features/admin-applications/components/admin-application-page'),
      (m) => m.AdminApplicationPage,
      ['admin-applications', 'applications'],
    ),
  ),
  privateScreen(
    'adminSessions',
    screen(
      () => import('@/features/admin-applications/components/admin-sessions-page'),
      (m) => m.AdminSessionsPage,
      ['admin-applications'],
    ),
  ),
  privateScreen(
    'adminBlog',
    screen(
      () => import('@/features/blog/components/admin-blog-page'),
      (m) => m.AdminBlogPage,
      ['blog', 'admin-blog'],
    ),
  ),
  // The editor (Tiptap) is its own file, loaded only here: no public page or other console page carries it.
  privateScreen(
    'adminBlogArticleNew',
    screen(
      () => import('@/features/blog/components/admin-article-page'),
      (m) => m.AdminArticlePage,
      ['blog', 'admin-blog'],
    ),
  ),
  privateScreen(
    'adminBlogArticle',
    screen(
      () => import('@/features/blog/components/admin-article-page'),
      (m) => m.AdminArticlePage,
      ['blog', 'admin-blog'],
    ),
  ),
  privateScreen(
    'adminRefunds',
    screen(
      () => import('@/features/admin-refunds/components/admin-refunds-page'),
      (m) => m.AdminRefundsPage,
      ['admin-refunds', 'step-up'],
    ),
  ),
  privateScreen(
    'adminSupport',
    screen(
      () => import('@/features/admin-support/components/admin-support-page'),
      (m) => m.AdminSupportPage,
      ['admin-support', 'contact'],
    ),
  ),
  privateScreen(
    'adminSupportTicket',
    screen(
      () => import('@/features/admin-support/components/admin-ticket-page'),
      (m) => m.AdminTicketPage,
      ['admin-support', 'contact'],
    ),
  ),
  privateScreen(
    'adminNewsletter',
    screen(
      () => import('@/features/newsletter/components/admin-newsletter-page'),
      (m) => m.AdminNewsletterPage,
      ['newsletter'],
    ),
  ),
  privateScreen(
    'supportRequests',
    screen(
      () => import('@/features/support/components/my-tickets-page'),
      (m) => m.MyTicketsPage,
      ['support', 'contact'],
    ),
  ),
  privateScreen(
    'supportRequest',
    screen(
      () => import('@/features/support/components/my-ticket-page'),
      (m) => m.MyTicketPage,
      ['support', 'contact'],
    ),
  ),
  privateScreen(
    'adminSettings',
    screen(
      () => import('@/features/admin-settings/components/fee-settings-page'),
      (m) => m.FeeSettingsPage,
      ['admin-settings'],
    ),
  ),
  privateScreen(
    'adminAudit',
    screen(
      () => import('@/features/admin-audit/components/admin-audit-page'),
      (m) => m.AdminAuditPage,
      ['admin-audit'],
    ),
  ),
  privateScreen(
    'adminDataRequests',
    screen(
      () => import('@/features/admin-data-requests/components/admin-data-requests-page'),
      (m) => m.AdminDataRequestsPage,
      ['admin-data-requests', 'step-up'],
    ),
  ),
  privateScreen(
    'adminAdmins',
    screen(
      () => import('@/features/admin-admins/components/admin-admins-page'),
      (m) => m.AdminAdminsPage,
      ['admin-admins', 'step-up'],
    ),
  ),
  // Any other path while signed in: not found, inside the shell (a visitor is sent to /home by the guard first).
  {
    path: '*',
    lazy: screen(
      () => import('./routes/shell-not-found-page'),
      (m) => m.ShellNotFoundPage,
    ),
  },
];

const publicRoutes: RouteObject[] = [
  { index: true, lazy: homeScreen },
  { path: routePatterns.home, lazy: homeScreen },
  // The landing page reads no server state, so it does not wait for TanStack Query (see query-layout.tsx).
  { lazy: queryLayout, children: serverStateRoutes },
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
          () => import('./layouts/public-layout-route'),
          (m) => m.PublicLayoutRoute,
          [],
          { errorTexts: false },
        ),
        children: publicRoutes,
      },
      {
        lazy: screen(
          () => import('./layouts/full-window-layout'),
          (m) => m.FullWindowLayout,
          [],
          { errorTexts: false },
        ),
        children: [
          {
            // The signatory portal reads server state but needs no session: signatories have no account.
            lazy: queryLayout,
            children: [
              {
                path: routePatterns.accessApplication,
                lazy: screen(
                  () => import('@/features/portal/components/portal-page'),
                  (m) => m.PortalPage,
                  ['portal'],
                ),
                handle: { prepareCall: preparePortalCall } satisfies PrepareCallHandle,
              },
              { path: routePatterns.portalSession, lazy: portalSessionScreen },
            ],
          },
        ],
      },
      {
        lazy: queryLayout,
        children: [
          {
            // The guard and the shell load with the first signed-in screen; the public site never fetches them.
            lazy: guardedLayout,
            children: privateRoutes,
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
