import { Progress } from '@mantine/core';
import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigate, useNavigation } from 'react-router';
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
      {navigation.state === 'loading' && (
        <Progress
          value={100}
          animated
          size="xs"
          radius={0}
          pos="fixed"
          top={0}
          left={0}
          right={0}
          style={{ zIndex: 1000 }}
          aria-label="Loading page"
        />
      )}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
