import type { SessionUser } from '@mohar/contracts';
import { createContext, use } from 'react';

const CurrentUserContext = createContext<SessionUser | null>(null);

/** Provided by the route guard once the session is known, so screens behind it never see a missing user. */
export const CurrentUserProvider = CurrentUserContext.Provider;

/** The signed-in user; only for screens behind the guard. */
export function useCurrentUser(): SessionUser {
  const user = use(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser used outside the guarded area');
  return user;
}
