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
    login: () => '/login',
    logout: () => '/logout',
    register: () => '/register',
    forgotPassword: () => '/forgetpassword',
    resetPassword: (token: string) => `/password/reset/${encodeURIComponent(token)}`,
    verifyEmail: (token: string) => `/verify-email/${encodeURIComponent(token)}`,
  },
  accessApplication: (token: string) => `/access-application/${encodeURIComponent(token)}`,
  notFound: () => '/404',
  serverError: () => '/500',
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
  accessApplication: '/access-application/:token',
  notFound: '/404',
  serverError: '/500',
} as const;
