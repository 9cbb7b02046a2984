import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { paths } from '@/config/paths';
import { getNotarySession, sessionKeys } from '../api/session';
import { SessionScreen } from './session-screen';

/** /session/:id — the notary's side of the live session (full window). */
export function NotarySessionPage() {
  const { t } = useTranslation('call');
  const id = useParams().id ?? '';
  const query = useQuery({
    queryKey: sessionKeys.notary(id),
    queryFn: () => getNotarySession(id),
    // The recording's freshness and who is here change by themselves; events also refetch at once.
    refetchInterval: 5_000,
  });
  return (
    <SessionScreen
      query={query}
      resumeKey={id}
      back={{ to: paths.requests(), label: t('ended.backToRequests') }}
    />
  );
}
