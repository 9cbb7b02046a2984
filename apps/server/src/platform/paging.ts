/** The rows of page `page` (from 1) when pages hold `pageSize` rows. */
export const pageWindow = (page: number, pageSize: number) => ({
  limit: pageSize,
  offset: (page - 1) * pageSize,
});

/** How many pages `total` rows make: at least one, so an empty list still has its page 1. */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));
