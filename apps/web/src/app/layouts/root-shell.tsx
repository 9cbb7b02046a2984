import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigate, useNavigation } from 'react-router';
import { LoadingBar } from '@/components/loading-bar';
import { rewriteHashLink } from '@/lib/hash-links';

/** Wraps every screen: hash-style links become real paths, and a bar shows while a lazy screen loads. */
export function RootShell() {
  const navigation = useNavigation();
  const navigate = useNavigate();

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
