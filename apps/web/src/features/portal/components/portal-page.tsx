import { Skeleton, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { StartNotarization } from '@/components/start-notarization';
import { showToast } from '@/components/toast-host';
import { paths } from '@/config/paths';
import type { LanguageCode } from '@/lib/i18n';
import { usePrepareCall } from '@/lib/prepare-call';
import { remindFromPortal, startFromPortal } from '@/lib/start-notarization-api';
import { useChooseSignatoryLanguage } from '../api/choose-language';
import { usePortalAccess } from '../api/get-portal-access';
import { usePortalUpdates } from '../hooks/use-portal-updates';
import { useSignatoryLanguage } from '../hooks/use-signatory-language';
import { linkErrorCodeOf } from '../lib/portal-errors';
import { AddressCard } from './address-card';
import { BookedSessionCard } from './booked-session-card';
import { NotarisedDownload } from './notarised-download';
import { PortalChecklist } from './portal-checklist';
import { PortalError } from './portal-error';
import { PortalFrame } from './portal-frame';
import { PortalHeader } from './portal-header';
import { ProgressList } from './progress-list';

/**
 * /access-application/:token — a signatory's personal page, reached from the e-mailed link with no account and no
 * session: the application they sign, everyone's progress, and their own steps.
 */
export function PortalPage() {
  const { t } = useTranslation('portal');
  const { token = '' } = useParams();
  const query = usePortalAccess(token);
  usePortalUpdates(token, Boolean(query.data));
  useSignatoryLanguage(query.data);
  const saveLanguage = useChooseSignatoryLanguage(token);
  const onChooseLanguage = (language: LanguageCode) =>
    saveLanguage.mutate(language, {
      onError: () =>
        showToast({ color: 'red', message: t('language.saveFailed'), closeLabel: t('language.close') }),
    });
  // Waiting for a notary (or already live): the call is the next page, so it is readied before the press on Join.
  const prepareCall = usePrepareCall();
  const status = query.data?.application.status;
  useEffect(() => {
    if (status === 'waiting_for_notary' || status === 'in_session')
      prepareCall?.(token, status === 'in_session');
  }, [status, token, prepareCall]);

  // A link that stops opening while the page is up (replaced, expired, application ended) hides what it showed.
  if (query.isError && (!query.data || linkErrorCodeOf(query.error))) {
    return <PortalError error={query.error} onRetry={() => void query.refetch()} />;
  }

  if (!query.data) {
    return (
      <PortalFrame withHelp={false}>
        <title>{t('documentTitle')}</title>
        <Stack gap="md" role="status" aria-label={t('loading')} data-testid="portal-loading">
          <Skeleton height={20} width="40%" />
          <Skeleton height={36} width="80%" />
          <Skeleton height={20} width="60%" />
          <Skeleton height={120} radius="md" />
          <Skeleton height={220} radius="md" />
        </Stack>
      </PortalFrame>
    );
  }

  const access = query.data;
  return (
    <PortalFrame testId="portal-page" onChooseLanguage={onChooseLanguage}>
      <title>{t('documentTitle')}</title>
      <PortalHeader access={access} />
      {access.application.status === 'notarised' && (
        <NotarisedDownload token={token} title={access.application.title} />
      )}
      {access.application.booking && <BookedSessionCard token={token} booking={access.application.booking} />}
      <ProgressList signatories={access.signatories} status={access.application.status} />
      <AddressCard
        // A new address (saved here, or read from a verified Aadhaar card) shows as saved.
        key={access.signatory.address ?? ''}
        token={token}
        address={access.signatory.address ?? null}
        status={access.application.status}
      />
      <StartNotarization
        status={access.application.status}
        notaryName={access.application.notaryName}
        start={(body) => startFromPortal(token, body)}
        remind={() => remindFromPortal(token)}
        refresh={() => query.refetch()}
        joinHref={paths.session.portal(token)}
        expiresAt={access.application.notaryRequestExpiresAt ?? null}
      />
      <PortalChecklist token={token} access={access} />
    </PortalFrame>
  );
}
