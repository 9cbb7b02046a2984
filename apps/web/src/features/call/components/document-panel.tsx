import { Group, Stack, Switch, Text, Title } from '@mantine/core';
import type { CallSignedMessage } from '@mohar/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PdfPreview } from '@/components/pdf-preview/pdf-preview';
import { api } from '@/lib/api-client';
import { pendingSignatures } from '../lib/pending-signatures';
import classes from './panels.module.css';

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
    // The version on screen stays while the next one is fetched (no blank "Loading" between versions).
    placeholderData: keepPreviousData,
  });
}

/** A signature the stamped version does not show yet, where it will be stamped. */
function SignatureMarks(props: { overlays: readonly CallSignedMessage[]; pageIndex: number }) {
  return props.overlays.flatMap((message) =>
    (message.marks ?? [])
      .filter((mark) => mark.page === props.pageIndex)
      .map((mark, index) => (
        <img
          // biome-ignore lint/suspicious/noArrayIndexKey: a signature's boxes never move; the index names one.
          key={`${message.version}-${index}`}
          src={message.image}
          alt=""
          className={classes.mark}
          style={{
            left: `${mark.left * 100}%`,
            top: `${mark.top * 100}%`,
            width: `${mark.width * 100}%`,
            height: `${mark.height * 100}%`,
          }}
          data-testid="signature-mark"
        />
      )),
  );
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
  /** Signatures the call heard of (`call:signed`), shown before their stamped version is drawn. */
  signatures?: readonly CallSignedMessage[];
  children?: ReactNode;
}) {
  const { t } = useTranslation('call');
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const [isFollowing, setFollowing] = useState(true);
  const document = useSessionDocument(props);
  // Which version each fetched file is, so the panel knows which one the preview has drawn.
  const versions = useRef(new WeakMap<Blob, number>());
  if (document.data && !document.isPlaceholderData) versions.current.set(document.data, props.version);
  const [drawnVersion, setDrawnVersion] = useState<number | null>(null);
  const onShown = useCallback((file: Blob) => setDrawnVersion(versions.current.get(file) ?? null), []);
  const pending = useMemo(
    () =>
      pendingSignatures({
        signatures: props.signatures ?? [],
        drawnVersion: drawnVersion ?? 0,
        fileVersion: document.data ? (versions.current.get(document.data) ?? 0) : 0,
      }),
    [props.signatures, drawnVersion, document.data],
  );
  const { overlays } = pending;
  const renderOverlay = useCallback(
    (pageIndex: number) =>
      overlays.length > 0 ? <SignatureMarks overlays={overlays} pageIndex={pageIndex} /> : null,
    [overlays],
  );
  useVisiblePage(container, (page) => {
    if (props.isNotary) props.onPage(page);
  });

  useEffect(() => {
    if (props.isNotary || !isFollowing || !props.leaderPage || !container) return;
    const page = container.querySelectorAll('[data-testid="pdf-page"]')[props.leaderPage - 1];
    page?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [props.isNotary, isFollowing, props.leaderPage, container]);

  return (
    <Stack
      gap="sm"
      p="xs"
      data-testid="document-panel"
      data-version={props.version}
      data-drawn-version={drawnVersion ?? undefined}
      data-signatures-shown={drawnVersion === null ? undefined : pending.shownVersion}
    >
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
          changedPages={pending.changedPages}
          onShown={onShown}
          renderOverlay={renderOverlay}
        />
      </div>
    </Stack>
  );
}
