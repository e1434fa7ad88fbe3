/** Paths several parts of the app navigate to; the full /app route table lives in app/app-routes.ts. */
export const PATHS = {
  home: '/app/dashboard/main',
  /** The master (platform) account's home: the console, its list of companies first. */
  console: '/app/clients',
  /** Whoever is signed in lands here, and is sent on to their home (app/home-redirect.tsx). */
  appHome: '/app',
  widgetHome: '/app/chat-iframe',
  signin: '/signin',
  chatSignin: '/chat-signin',
  signup: '/signup',
  profile: '/app/profile',
  billingPlans: '/app/billing/plans',
  billingFeatures: '/app/billing/features',
  notFound: '/404',
  serverError: '/500',
} as const;
