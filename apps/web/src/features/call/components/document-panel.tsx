import { Group, Stack, Switch, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PdfPreview } from '@/components/pdf-preview/pdf-preview';
import { api } from '@/lib/api-client';

/** The document as it stands in the session, fetched again whenever a signature makes a new version. */
export function useSessionDocument(options: {
  applicationId: string;
  portalToken?: string;
  version: number;
}) {
  const path = options.portalToken
    ? `/access/${encodeURIComponent(options.portalToken)}/session/document`
    : `/sessions/${encodeURIComponent(options.applicationId)}/document`;
  return useQuery({
    queryKey: ['call-document', path, options.version] as const,
    queryFn: ({ signal }) => api.file(path, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The page most in view inside the preview's scroll box (1-based), watched as the reader scrolls. */
function useVisiblePage(container: HTMLElement | null, onChange: (page: number) => void) {
  const changed = useRef(onChange);
  changed.current = onChange;
  useEffect(() => {
    if (!container) return;
    const ratios = new Map<Element, number>();
    let last = 0;
    let timer: number | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) ratios.set(entry.target, entry.intersectionRatio);
        const pages = [...container.querySelectorAll('[data-testid="pdf-page"], [data-page-number]')];
        let best = 0;
        let bestRatio = 0;
        pages.forEach((page, index) => {
          const ratio = ratios.get(page) ?? 0;
          if (ratio > bestRatio) {
            bestRatio = ratio;
            best = index + 1;
          }
        });
        window.clearTimeout(timer);
        // Settle first: scrolling through ten pages should not send ten pages to everyone.
        timer = window.setTimeout(() => {
          if (best > 0 && best !== last) {
            last = best;
            changed.current(best);
          }
        }, 300);
      },
      { root: container.querySelector('[data-testid="pdf-preview"]'), threshold: [0, 0.25, 0.5, 0.75, 1] },
    );
    const watch = () => {
      for (const page of container.querySelectorAll('[data-testid="pdf-page"]')) observer.observe(page);
    };
    watch();
    // Pages appear once the PDF has loaded.
    const mutations = new MutationObserver(watch);
    mutations.observe(container, { childList: true, subtree: true });
    return () => {
      window.clearTimeout(timer);
      observer.disconnect();
      mutations.disconnect();
    };
  }, [container]);
}

/**
 * The shared document in the call: everyone sees the same version (it changes as people sign); the notary leads
 * the page and the others follow unless they turn that off. `children` is the signing panel above it.
 */
export function DocumentPanel(props: {
  applicationId: string;
  portalToken?: string;
  version: number;
  isNotary: boolean;
  leaderPage: number | null;
  onPage: (page: number) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('call');
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const [isFollowing, setFollowing] = useState(true);
  const document = useSessionDocument(props);
  useVisiblePage(container, (page) => {
    if (props.isNotary) props.onPage(page);
  });

  useEffect(() => {
    if (props.isNotary || !isFollowing || !props.leaderPage || !container) return;
    const page = container.querySelectorAll('[data-testid="pdf-page"]')[props.leaderPage - 1];
    page?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [props.isNotary, isFollowing, props.leaderPage, container]);

  return (
    <Stack gap="sm" p="xs" data-testid="document-panel" data-version={props.version}>
      {props.children}
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} size="h5">
          {t('document.title')}
        </Title>
        {!props.isNotary && (
          <Switch
            size="sm"
            checked={isFollowing}
            onChange={(event) => setFollowing(event.currentTarget.checked)}
            label={t('document.follow')}
            data-testid="follow-notary"
          />
        )}
      </Group>
      {props.isNotary && (
        <Text size="xs" c="dimmed">
          {t('document.leading')}
        </Text>
      )}
      <div ref={setContainer}>
        <PdfPreview
          file={document.data ?? null}
          label={t('document.label')}
          maxHeight="70vh"
          failureHint={t('document.failed')}
        />
      </div>
    </Stack>
  );
}
