/**
 * Every table, for drizzle-kit (migrations are generated from this file) and the database client's schema. Each
 * module's tables are defined in `tables/<module>.ts`; the shared column helpers in `columns.ts`.
 */
export * from './tables/accounts.ts';
export * from './tables/api-keys.ts';
export * from './tables/applications.ts';
export * from './tables/attempts.ts';
export * from './tables/audit.ts';
export * from './tables/billing.ts';
export * from './tables/blog.ts';
export * from './tables/bulk.ts';
export * from './tables/fees.ts';
export * from './tables/identity.ts';
export * from './tables/in-house-notaries.ts';
export * from './tables/key-check.ts';
export * from './tables/mail.ts';
export * from './tables/newsletter.ts';
export * from './tables/notaries.ts';
export * from './tables/notifications.ts';
export * from './tables/organisations.ts';
export * from './tables/payments.ts';
export * from './tables/portal.ts';
export * from './tables/privacy.ts';
export * from './tables/ratings.ts';
export * from './tables/recorder.ts';
export * from './tables/retention.ts';
export * from './tables/sealing.ts';
export * from './tables/sessions.ts';
export * from './tables/signing.ts';
export * from './tables/support.ts';
export * from './tables/webhooks.ts';
