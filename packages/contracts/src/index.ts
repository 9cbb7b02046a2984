export * from './blog.ts';
export * from './common.ts';
export * from './constants.ts';
export * from './errors.ts';
export * from './newsletter.ts';
export * from './pricing.ts';
export * from './site.ts';
export * from './support.ts';
