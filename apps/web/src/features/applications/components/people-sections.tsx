import { Avatar, Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Application, ApplicationStatus, DirectoryNotary, Signatory } from '@mohar/contracts';
import { mayUseAdminArea } from '@mohar/contracts/admin-access';
import { useTranslation } from 'react-i18next';
import { SignatoryActFacts, SignatoryStageBadge } from '@/components/signatory-act';
import { useCurrentUser } from '@/lib/current-user';
import { canResendInvitation } from '../lib/application-view';
import classes from './applications.module.css';
import { IdentityImagesButton } from './identity-images-button';
import { RemindSignatoryButton } from './remind-signatory-button';
import { ResendInvitationButton } from './resend-invitation-button';
import { ViewSection } from './view-section';

/** Steps still to take in the portal: a reminder makes sense (the server refuses it otherwise). */
const STILL_IN_PORTAL: ReadonlySet<string> = new Set(['invited', 'email_confirmed', 'consented']);

function SignatoryCard(props: {
  signatory: Signatory;
  status: ApplicationStatus;
  position: number;
  showContact: boolean;
  /** Set when the viewer may send this signatory a new link: the application's id. */
  resendFrom: string | null;
  /** Set for an admin once the signatory has submitted their identity: the application's id. */
  identityOf: string | null;
}) {
  const { t } = useTranslation('applications');
  const { signatory } = props;
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="signatory">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Text fw={600} className={classes.wrap}>
            {signatory.fullName}
          </Text>
          <SignatoryStageBadge
            progress={signatory.progress}
            progressLabel={t(`signatories.progress.${signatory.progress}`)}
            act={signatory.act}
            status={props.status}
            testId="signatory-progress"
          />
        </Group>
        <SignatoryActFacts act={signatory.act} />
        <Text size="sm">
          {t('signatories.roleLine', {
            position: props.position,
            role: t(`signatories.roles.${signatory.role}`),
          })}
        </Text>
        {props.showContact && signatory.email && (
          <Text size="sm" className={classes.wrap}>
            {t('signatories.email', { email: signatory.email })}
          </Text>
        )}
        {props.showContact && signatory.mobile && (
          <Text size="sm" className={classes.numeric}>
            {t('signatories.mobile', { mobile: signatory.mobile })}
          </Text>
        )}
        {props.identityOf && <IdentityImagesButton applicationId={props.identityOf} signatory={signatory} />}
        {props.resendFrom && (
          <Group gap="xs">
            {props.status === 'awaiting_identity' && STILL_IN_PORTAL.has(signatory.progress) && (
              <RemindSignatoryButton applicationId={props.resendFrom} signatory={signatory} />
            )}
            <ResendInvitationButton applicationId={props.resendFrom} signatory={signatory} />
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** Who signs, in order, and how far each has got; contact details only for the application's owner. */
export function SignatoriesSection({ application }: { application: Application }) {
  const { t } = useTranslation('applications');
  const showContact = application.viewerRole === 'owner';
  // An admin acts on signatories with `support` and sees identity images with `support` or `compliance`, as the
  // server checks (decision 0058); other admin roles read the application only.
  const { adminRoles } = useCurrentUser();
  const isAdmin = application.viewerRole === 'admin';
  const mayAct = !isAdmin || mayUseAdminArea(adminRoles, 'applications');
  const maySeeIdentity = isAdmin && mayUseAdminArea(adminRoles, 'identityImages');
  const resendFrom = mayAct && canResendInvitation(application) ? application._id : null;
  return (
    <ViewSection id="signatories" title={t('signatories.title')} testId="application-signatories">
      {application.signatories.length === 0 ? (
        <Text size="sm">{t('signatories.none')}</Text>
      ) : (
        <SimpleGrid component="ul" cols={{ base: 1, sm: 2 }} spacing="sm" className={classes.list}>
          {application.signatories.map((signatory, index) => (
            <SignatoryCard
              key={signatory._id}
              signatory={signatory}
              status={application.status}
              position={index + 1}
              showContact={showContact}
              resendFrom={resendFrom}
              identityOf={maySeeIdentity && !STILL_IN_PORTAL.has(signatory.progress) ? application._id : null}
            />
          ))}
        </SimpleGrid>
      )}
    </ViewSection>
  );
}

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');

/** Once the act is over (or the application ended), whether the notary is online says nothing to this reader. */
const SHOWS_NOTARY_PRESENCE: ReadonlySet<ApplicationStatus> = new Set<ApplicationStatus>([
  'draft',
  'awaiting_payment',
  'awaiting_identity',
  'ready',
  'waiting_for_notary',
  'in_session',
]);

function NotaryCard({ notary, showPresence }: { notary: DirectoryNotary; showPresence: boolean }) {
  const { t } = useTranslation('applications');
  return (
    <Group gap="md" wrap="nowrap" align="flex-start" data-testid="application-notary-card">
      <Avatar src={notary.photoUrl} alt="" size={56} radius="xl" color="ink">
        {initialsOf(notary.fullName)}
      </Avatar>
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Group gap="xs">
          <Text fw={600} className={classes.wrap}>
            {notary.fullName}
          </Text>
          {showPresence && (
            <Badge color={notary.isOnlineNow ? 'green' : 'gray'} variant="light" data-testid="notary-online">
              {notary.isOnlineNow ? t('notary.online') : t('notary.offline')}
            </Badge>
          )}
        </Group>
        <Text size="sm" fw={600} className={classes.numeric}>
          {t('notary.registration', { number: notary.registrationNumber })}
        </Text>
        <Text size="sm">
          {t('notary.area', { area: notary.areaOfPractice, government: notary.appointingGovernment })}
        </Text>
        {notary.languages.length > 0 && (
          <Text size="sm">{t('notary.languages', { languages: notary.languages.join(', ') })}</Text>
        )}
      </Stack>
    </Group>
  );
}

/** The chosen notary, or what "first available" means, or that none is chosen yet. */
export function NotarySection({ application }: { application: Application }) {
  const { t } = useTranslation('applications');
  const { notary, notaryChoice } = application;
  return (
    <ViewSection id="notary" title={t('notary.title')} testId="application-notary">
      {notary ? (
        <NotaryCard notary={notary} showPresence={SHOWS_NOTARY_PRESENCE.has(application.status)} />
      ) : notaryChoice === 'first_available' ? (
        <Stack gap={2} data-testid="notary-first-available">
          <Text fw={600}>{t('notary.firstAvailable')}</Text>
          <Text size="sm">{t('notary.firstAvailableBody')}</Text>
        </Stack>
      ) : notaryChoice === 'named' ? (
        <Text size="sm">{t('notary.unavailable')}</Text>
      ) : (
        <Text size="sm">{t('notary.notChosenBody')}</Text>
      )}
    </ViewSection>
  );
}
