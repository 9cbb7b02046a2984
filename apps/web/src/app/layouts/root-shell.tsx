import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigate, useNavigation } from 'react-router';
import { LoadingBar } from '@/components/loading-bar';
import { useFocusHeadingOnNavigation } from '@/lib/focus-on-navigation';
import { rewriteHashLink } from '@/lib/hash-links';

/** Wraps every screen: hash-style links become real paths, a bar shows while a lazy screen loads, and a new screen
 * takes focus at its heading. */
export function RootShell() {
  const navigation = useNavigation();
  const navigate = useNavigate();
  useFocusHeadingOnNavigation();

  useEffect(() => {
    const onHashChange = () => {
      const target = rewriteHashLink(window.location);
      if (target) void navigate(target, { replace: true });
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, [navigate]);

  return (
    <>
      {navigation.state === 'loading' && <LoadingBar />}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
