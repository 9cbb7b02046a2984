import { dialogOnDemand } from '@/lib/dialog-on-demand';

/**
 * `ConfirmDialog`, fetched with Mantine's Modal the first time it opens: for screens whose first paint should not
 * carry the Modal for a confirmation few people ask for (the application view: decision 0025).
 */
export const ConfirmDialogOnDemand = dialogOnDemand(() =>
  import('./confirm-dialog').then((m) => m.ConfirmDialog),
);
