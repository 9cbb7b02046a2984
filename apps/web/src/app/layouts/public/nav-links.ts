import { paths } from '@/config/paths';

/** The navbar's page links (spec §2), shared by the desktop bar and the phone drawer. Keys live in `layout.nav`. */
export const NAV_LINKS = [
  { key: 'home', to: paths.home() },
  { key: 'resources', to: paths.resources.list() },
  { key: 'support', to: paths.contact() },
] as const;
