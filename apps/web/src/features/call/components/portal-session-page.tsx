import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { paths } from '@/config/paths';
import { getPortalSession, sessionKeys } from '../api/session';
import { SessionScreen } from './session-screen';

/** /access-application/:token/session — a signatory's side of the live session, from their personal link. */
export function PortalSessionPage() {
  const { t } = useTranslation('call');
  const token = useParams().token ?? '';
  const query = useQuery({
    queryKey: sessionKeys.portal(token),
    queryFn: () => getPortalSession(token),
    refetchInterval: 5_000,
  });
  return (
    <SessionScreen
      query={query}
      resumeKey={token}
      portalToken={token}
      back={{ to: paths.accessApplication(token), label: t('ended.backToPortal') }}
    />
  );
}
