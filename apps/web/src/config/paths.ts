/** Every client URL is built here; routes, links and e2e tests use it. */
export const paths = {
  root: '/',
  home: (options?: { redirect?: string }) =>
    options?.redirect ? `/home?redirect=${encodeURIComponent(options.redirect)}` : '/home',
  contact: (options?: { topic?: string }) =>
    options?.topic ? `/contact?topic=${encodeURIComponent(options.topic)}` : '/contact',
  resources: {
    list: (options?: { category?: string }) =>
      options?.category ? `/resources?category=${encodeURIComponent(options.category)}` : '/resources',
    article: (slug: string) => `/resources/${encodeURIComponent(slug)}`,
  },
  legal: {
    terms: () => '/terms-and-conditions',
    refund: () => '/refund-policy',
    privacy: () => '/privacy-policy',
  },
  company: {
    about: () => '/about',
    pricing: () => '/pricing',
    career: () => '/career',
  },
  auth: {
    /** `redirect`: where to go after login (followed only when it is a path on this site, see lib/safe-redirect). */
    login: (options?: { redirect?: string }) =>
      options?.redirect ? `/login?redirect=${encodeURIComponent(options.redirect)}` : '/login',
    logout: () => '/logout',
    register: () => '/register',
    forgotPassword: () => '/forgetpassword',
    resetPassword: (token: string) => `/password/reset/${encodeURIComponent(token)}`,
    verifyEmail: (token: string) => `/verify-email/${encodeURIComponent(token)}`,
    /** The one-time link e-mailed to an owner while password sign-in to their account is paused (issue 19). */
    signInLink: (token: string) => `/sign-in-link/${encodeURIComponent(token)}`,
    /** Change of e-mail (issue 26): the link to the new address, and the undo link to the old one. */
    confirmEmailChange: (token: string) => `/email/confirm/${encodeURIComponent(token)}`,
    undoEmailChange: (token: string) => `/email/undo/${encodeURIComponent(token)}`,
  },
  /** Support (issue 22): the e-mailed reply link, and a signed-in user's own requests. */
  support: {
    reply: (token: string) => `/support/reply/${encodeURIComponent(token)}`,
    requests: () => '/support/requests',
    request: (id: string) => `/support/requests/${encodeURIComponent(id)}`,
  },
  /** The newsletter's e-mailed links: double opt-in and one-click unsubscribe. */
  newsletter: {
    confirm: (token: string) => `/newsletter/confirm/${encodeURIComponent(token)}`,
    unsubscribe: (token: string) => `/newsletter/unsubscribe/${encodeURIComponent(token)}`,
  },
  accessApplication: (token: string) => `/access-application/${encodeURIComponent(token)}`,
  /** The live notarisation session (issue 9): the notary's side, and a signatory's side from their link. */
  session: {
    notary: (applicationId: string) => `/session/${encodeURIComponent(applicationId)}`,
    portal: (token: string) => `/access-application/${encodeURIComponent(token)}/session`,
  },
  /** The signed-in area (behind the guard, inside the app shell). */
  dashboard: () => '/dashboard',
  applications: {
    /** The Application List: the client's home for their work. */
    list: () => '/applications',
    /** Starts a new draft, then continues in the wizard. */
    new: () => '/applications/new',
    /** The wizard for a draft, at a step (document, notary, signatories, details, review). */
    edit: (id: string, step?: string) =>
      step
        ? `/applications/${encodeURIComponent(id)}/edit?step=${encodeURIComponent(step)}`
        : `/applications/${encodeURIComponent(id)}/edit`,
    /** The application view (spec §3: notifications link here). */
    view: (id: string) => `/application-view/${encodeURIComponent(id)}`,
    /** Checkout: the fee, the wallet and the button that pays. */
    pay: (id: string) => `/applications/${encodeURIComponent(id)}/pay`,
  },
  payments: {
    /** The sandbox gateway's checkout page (the server's `next.url` in sandbox mode points here). */
    sandbox: (orderId: string) => `/pay/sandbox/${encodeURIComponent(orderId)}`,
  },
  wallet: () => '/wallet',
  /** Business accounts (decision 0068): the person's organisations, one's settings, and the e-mailed invitation. */
  organisations: {
    list: () => '/organisations',
    one: (id: string) => `/organisations/${encodeURIComponent(id)}`,
    invitation: (token: string) => `/organisation-invitation/${encodeURIComponent(token)}`,
  },
  /** Every notification of the signed-in user, paged. */
  notifications: () => '/notifications',
  requests: () => '/requests',
  notary: {
    /** The notary's application to practise on Mohar (details, documents, seal, certificate, submit). */
    onboarding: () => '/notary/onboarding',
    /** The notarial register (Form XV). */
    register: () => '/notary/register',
  },
  /** Public: check a registration number and browse verified notaries. */
  notaryDirectory: () => '/notaries',
  profile: {
    view: () => '/profile',
    /** Two-step verification (MFA); where a user whose role needs MFA is sent until it is set up. */
    security: () => '/profile/security',
  },
  admin: {
    notaries: () => '/admin/notaries',
    notary: (id: string) => `/admin/notaries/${encodeURIComponent(id)}`,
    clients: () => '/admin/clients',
    client: (id: string) => `/admin/clients/${encodeURIComponent(id)}`,
    /** Every application; `query` is the list's filters (the API's names), as the dashboard's counts link to it. */
    applications: (query?: Readonly<Record<string, string>>) => {
      const search = new URLSearchParams(query).toString();
      return search ? `/admin/applications?${search}` : '/admin/applications';
    },
    application: (id: string) => `/admin/applications/${encodeURIComponent(id)}`,
    /** Live sessions and failed seals; `failedSeals` opens at that section. */
    sessions: (options?: { section?: 'failedSeals' }) =>
      options?.section === 'failedSeals' ? '/admin/sessions#failed-seals' : '/admin/sessions',
    blog: () => '/admin/blog',
    /** The editor: a new article, or one by id. */
    blogArticleNew: () => '/admin/blog/new',
    blogArticle: (id: string) => `/admin/blog/${encodeURIComponent(id)}`,
    refunds: () => '/admin/refunds',
    support: () => '/admin/support',
    supportTicket: (id: string) => `/admin/support/${encodeURIComponent(id)}`,
    newsletter: () => '/admin/newsletter',
    settings: () => '/admin/settings',
    audit: () => '/admin/audit',
    dataRequests: () => '/admin/data-requests',
    admins: () => '/admin/admins',
  },
  dev: {
    /** Development only: the outbox of e-mails the server would have sent; `to` shows one recipient's mail. */
    mailbox: (options?: { to?: string }) =>
      options?.to ? `/dev/mailbox?to=${encodeURIComponent(options.to)}` : '/dev/mailbox',
  },
  notFound: () => '/404',
  serverError: () => '/500',
  /** Public: check a notarised PDF; with the code printed on its certificate page (its QR code), that document. */
  verify: (code?: string) => (code ? `/verify/${encodeURIComponent(code)}` : '/verify'),
} as const;

/** Route patterns for the router table (React Router syntax). */
export const routePatterns = {
  home: '/home',
  contact: '/contact',
  resources: '/resources',
  article: '/resources/:slug',
  terms: '/terms-and-conditions',
  refund: '/refund-policy',
  privacy: '/privacy-policy',
  about: '/about',
  pricing: '/pricing',
  career: '/career',
  login: '/login',
  logout: '/logout',
  register: '/register',
  forgotPassword: '/forgetpassword',
  resetPassword: '/password/reset/:token',
  verifyEmail: '/verify-email/:token',
  signInLink: '/sign-in-link/:token',
  emailConfirm: '/email/confirm/:token',
  emailUndo: '/email/undo/:token',
  supportReply: '/support/reply/:token',
  newsletterConfirm: '/newsletter/confirm/:token',
  newsletterUnsubscribe: '/newsletter/unsubscribe/:token',
  accessApplication: '/access-application/:token',
  portalSession: '/access-application/:token/session',
  notarySession: '/session/:id',
  notaryDirectory: '/notaries',
  dashboard: '/dashboard',
  applications: '/applications',
  applicationNew: '/applications/new',
  applicationEdit: '/applications/:id/edit',
  applicationView: '/application-view/:id',
  applicationPay: '/applications/:id/pay',
  sandboxCheckout: '/pay/sandbox/:orderId',
  wallet: '/wallet',
  organisations: '/organisations',
  organisation: '/organisations/:id',
  organisationInvitation: '/organisation-invitation/:token',
  notifications: '/notifications',
  requests: '/requests',
  notaryOnboarding: '/notary/onboarding',
  notaryRegister: '/notary/register',
  profile: '/profile',
  profileSecurity: '/profile/security',
  adminNotaries: '/admin/notaries',
  adminNotary: '/admin/notaries/:id',
  adminClients: '/admin/clients',
  adminClient: '/admin/clients/:id',
  adminApplications: '/admin/applications',
  adminApplication: '/admin/applications/:id',
  adminSessions: '/admin/sessions',
  adminBlog: '/admin/blog',
  adminBlogArticleNew: '/admin/blog/new',
  adminBlogArticle: '/admin/blog/:id',
  adminRefunds: '/admin/refunds',
  adminSupport: '/admin/support',
  adminSupportTicket: '/admin/support/:id',
  adminNewsletter: '/admin/newsletter',
  supportRequests: '/support/requests',
  supportRequest: '/support/requests/:id',
  adminSettings: '/admin/settings',
  adminAudit: '/admin/audit',
  adminDataRequests: '/admin/data-requests',
  adminAdmins: '/admin/admins',
  devMailbox: '/dev/mailbox',
  notFound: '/404',
  serverError: '/500',
  verify: '/verify',
  verifyCode: '/verify/:code',
} as const;
