import { Badge, Button, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import {
  managesOrganisation,
  ORGANISATION_ROLES,
  type Organisation,
  type OrganisationRole,
} from '@mohar/contracts';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { SectionPanel } from '@/components/section-panel';
import { showToast } from '@/components/toast-host';
import { paths } from '@/config/paths';
import { actingAs, setActingAs } from '@/lib/acting-as';
import { failureMessage } from '@/lib/api-errors';
import { useCurrentUser } from '@/lib/current-user';
import { formatInr, formatNotificationDate } from '@/lib/format';
import { loadNamespaces } from '@/lib/i18n';
import { useContractForm } from '@/lib/use-contract-form';
import {
  organisationInviteRequest,
  useChangeRole,
  useInvite,
  useLeaveOrganisation,
  useOrganisation,
  useOrganisationMembers,
  useOrganisationWallet,
  useRemoveMember,
  useUpdateOrganisation,
  useWithdrawInvitation,
} from '../api/organisations';
import { ApiKeysSectionOnDemand } from './api-keys-section-on-demand';
import { OrganisationDetailsForm } from './organisation-details-form';

// Owners and admins only, and below the fold: its code and texts come when it is first shown (decision 0071).
const WebhooksSection = lazy(() =>
  Promise.all([import('./webhooks-section'), loadNamespaces(['webhooks'])]).then(([m]) => ({
    default: m.WebhooksSection,
  })),
);
// Bulk creation and in-house notaries (decision 0074): below the fold, loaded when first shown.
const BulkSection = lazy(() =>
  Promise.all([import('./bulk-section'), loadNamespaces(['bulk'])]).then(([m]) => ({
    default: m.BulkSection,
  })),
);
const InHouseNotariesSection = lazy(() =>
  import('./in-house-notaries-section').then((m) => ({ default: m.InHouseNotariesSection })),
);
// Plan and billing (decision 0073) loads after the rest of the page: most visits are about members.
const PlanAndBilling = lazy(() => import('./plan-and-billing').then((m) => ({ default: m.PlanAndBilling })));

/** /organisations/:id — the organisation's settings: details, wallet, members, invitations, leaving. */
export function OrganisationPage() {
  const { t } = useTranslation('organisations');
  const { id = '' } = useParams();
  const organisation = useOrganisation(id);
  if (organisation.isError)
    return (
      <Stack gap="md" maw={640}>
        <FormAlert tone="error">{failureMessage(organisation.error, t('list.failed'))}</FormAlert>
        <Button
          variant="light"
          style={{ alignSelf: 'flex-start' }}
          onClick={() => void organisation.refetch()}
        >
          {t('retry')}
        </Button>
      </Stack>
    );
  if (!organisation.data) return <Text>{t('loading')}</Text>;
  return <Settings organisation={organisation.data.organisation} />;
}

function Settings({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation('organisations');
  const { t: tCommon } = useTranslation();
  const manages = managesOrganisation(organisation.role);
  const update = useUpdateOrganisation(organisation._id);
  const toast = (message: string) =>
    void showToast({ color: 'green', message, closeLabel: tCommon('close') });
  return (
    <Stack gap="lg" data-testid="organisation-page">
      <title>{`${organisation.legalName} · ${t('title')} · Mohar`}</title>
      <Stack gap={4}>
        <Group gap="xs">
          <Title order={1}>{organisation.legalName}</Title>
          <Badge variant="light">{t(`roles.${organisation.role}`)}</Badge>
        </Group>
        <Text c="dimmed">{t('summary')}</Text>
      </Stack>
      <SectionPanel labelledBy="organisation-details">
        <Stack gap="sm">
          <Title order={2} size="h3" id="organisation-details">
            {t('details.title')}
          </Title>
          {!manages && <Text c="dimmed">{t('details.readOnly')}</Text>}
          <OrganisationDetailsForm
            organisation={organisation}
            readOnly={!manages}
            submitLabel={t('details.save')}
            failureText={t('details.failed')}
            isPending={update.isPending}
            onSave={(input, done) =>
              update.mutate(input, { onSuccess: () => toast(t('details.saved')), onError: done.fail })
            }
          />
        </Stack>
      </SectionPanel>
      {manages && <WalletPanel organisationId={organisation._id} />}
      <Suspense fallback={null}>
        <PlanAndBilling organisationId={organisation._id} />
      </Suspense>
      <Suspense fallback={<Text>{t('loading')}</Text>}>
        <BulkSection organisationId={organisation._id} />
      </Suspense>
      <MembersPanel organisation={organisation} />
      {manages && <InvitePanel organisation={organisation} />}
      <Suspense fallback={null}>
        <InHouseNotariesSection organisation={organisation} manages={manages} />
      </Suspense>
      {manages && (
        <Suspense fallback={<Text>{t('loading')}</Text>}>
          <WebhooksSection organisationId={organisation._id} />
        </Suspense>
      )}
      {manages && <ApiKeysSectionOnDemand organisationId={organisation._id} />}
      <LeavePanel organisation={organisation} />
    </Stack>
  );
}

function WalletPanel({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation('organisations');
  const wallet = useOrganisationWallet(organisationId, true);
  return (
    <SectionPanel labelledBy="organisation-wallet">
      <Stack gap={4}>
        <Title order={2} size="h3" id="organisation-wallet">
          {t('wallet.title')}
        </Title>
        <Text c="dimmed">{t('wallet.body')}</Text>
        <Text size="xl" fw={700} data-testid="organisation-wallet-balance">
          {wallet.data ? formatInr(wallet.data.balancePaise) : '—'}
        </Text>
      </Stack>
    </SectionPanel>
  );
}

function MembersPanel({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation('organisations');
  const { t: tCommon } = useTranslation();
  const me = useCurrentUser();
  const members = useOrganisationMembers(organisation._id);
  const changeRole = useChangeRole(organisation._id);
  const remove = useRemoveMember(organisation._id);
  const withdraw = useWithdrawInvitation(organisation._id);
  const manages = managesOrganisation(organisation.role);
  const failure = changeRole.error ?? remove.error ?? withdraw.error;
  const toast = (message: string) =>
    void showToast({ color: 'green', message, closeLabel: tCommon('close') });
  // Admins neither make owners nor change an owner; owners change anyone.
  const mayChange = (role: OrganisationRole) =>
    manages && (organisation.role === 'owner' || role !== 'owner');
  const rolesFor = ORGANISATION_ROLES.filter((role) => organisation.role === 'owner' || role !== 'owner');
  return (
    <SectionPanel labelledBy="organisation-members">
      <Stack gap="sm">
        <Title order={2} size="h3" id="organisation-members">
          {t('members.title')}
        </Title>
        {failure && <FormAlert tone="error">{failureMessage(failure, t('members.failed'))}</FormAlert>}
        <Table.ScrollContainer minWidth={480}>
          <Table data-testid="organisation-members">
            <Table.Caption>{t('members.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('members.name')}</Table.Th>
                <Table.Th>{t('members.email')}</Table.Th>
                <Table.Th>{t('members.role')}</Table.Th>
                {manages && <Table.Th>{t('members.actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {members.data?.members.map((member) => (
                <Table.Tr key={member.userId}>
                  <Table.Td>
                    {member.name}
                    {member.userId === me._id ? ` (${t('members.you')})` : ''}
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{member.email}</Table.Td>
                  <Table.Td>
                    {mayChange(member.role) ? (
                      <NativeSelect
                        size="xs"
                        aria-label={`${t('members.role')}: ${member.name}`}
                        value={member.role}
                        data={rolesFor.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
                        onChange={(event) =>
                          changeRole.mutate(
                            { userId: member.userId, role: event.currentTarget.value as OrganisationRole },
                            { onSuccess: () => toast(t('members.changed')) },
                          )
                        }
                      />
                    ) : (
                      t(`roles.${member.role}`)
                    )}
                  </Table.Td>
                  {manages && (
                    <Table.Td>
                      {mayChange(member.role) && member.userId !== me._id && (
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          loading={remove.isPending && remove.variables === member.userId}
                          onClick={() => {
                            if (
                              !window.confirm(
                                `${t('members.removeTitle', { name: member.name })}\n${t('members.removeBody')}`,
                              )
                            )
                              return;
                            remove.mutate(member.userId, { onSuccess: () => toast(t('members.removed')) });
                          }}
                        >
                          {t('members.remove')}
                        </Button>
                      )}
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {manages && (
          <Stack gap="xs">
            <Title order={3} size="h4">
              {t('invitations.title')}
            </Title>
            {members.data?.invitations.length === 0 && <Text c="dimmed">{t('invitations.empty')}</Text>}
            {members.data?.invitations.map((invitation) => (
              <Group
                key={invitation._id}
                justify="space-between"
                wrap="wrap"
                gap="xs"
                data-testid="organisation-invitation-row"
              >
                <Stack gap={0}>
                  <Text style={{ overflowWrap: 'anywhere' }}>
                    {invitation.email} · {t(`roles.${invitation.role}`)}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t('invitations.by', { name: invitation.invitedByName })} ·{' '}
                    {t('invitations.expires', { date: formatNotificationDate(invitation.expiresAt) })}
                  </Text>
                </Stack>
                <Button
                  size="xs"
                  variant="subtle"
                  onClick={() =>
                    withdraw.mutate(invitation._id, { onSuccess: () => toast(t('invitations.withdrawn')) })
                  }
                >
                  {t('invitations.withdraw')}
                </Button>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </SectionPanel>
  );
}

function InvitePanel({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation('organisations');
  const { t: tCommon } = useTranslation();
  const invite = useInvite(organisation._id);
  const { form, onSubmit, showFailure, failure, containerRef } = useContractForm({
    schema: organisationInviteRequest,
    initialValues: { email: '', role: 'member' },
  });
  const roles = ORGANISATION_ROLES.filter((role) => organisation.role === 'owner' || role !== 'owner');
  const onValid = onSubmit((request) =>
    invite.mutate(request as { email: string; role: OrganisationRole }, {
      onSuccess: () => {
        form.reset();
        void showToast({ color: 'green', message: t('invite.sent'), closeLabel: tCommon('close') });
      },
      onError: (error) => showFailure(error, { fallback: t('invite.failed') }),
    }),
  );
  return (
    <SectionPanel labelledBy="organisation-invite">
      <form ref={containerRef} onSubmit={onValid} noValidate>
        <Stack gap="sm" maw={560}>
          <Title order={2} size="h3" id="organisation-invite">
            {t('invite.title')}
          </Title>
          {failure && <FormAlert tone="error">{failure}</FormAlert>}
          <TextInput type="email" label={t('invite.email')} {...form.getInputProps('email')} />
          <NativeSelect
            label={t('invite.role')}
            data={roles.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
            {...form.getInputProps('role')}
          />
          <Button type="submit" loading={invite.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('invite.submit')}
          </Button>
        </Stack>
      </form>
    </SectionPanel>
  );
}

function LeavePanel({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation('organisations');
  const { t: tCommon } = useTranslation();
  const navigate = useNavigate();
  const leave = useLeaveOrganisation(organisation._id);
  return (
    <SectionPanel labelledBy="organisation-leave">
      <Stack gap="sm">
        <Title order={2} size="h3" id="organisation-leave">
          {t('leave.title')}
        </Title>
        <Text c="dimmed">{t('leave.body')}</Text>
        {leave.isError && (
          <FormAlert tone="error">{failureMessage(leave.error, t('leave.failed'))}</FormAlert>
        )}
        <Button
          variant="light"
          color="red"
          style={{ alignSelf: 'flex-start' }}
          loading={leave.isPending}
          onClick={() => {
            if (!window.confirm(t('leave.confirm', { name: organisation.legalName }))) return;
            leave.mutate(undefined, {
              onSuccess: () => {
                if (actingAs() === organisation._id) setActingAs(null);
                void showToast({ color: 'green', message: t('leave.left'), closeLabel: tCommon('close') });
                void navigate(paths.organisations.list());
              },
            });
          }}
        >
          {t('leave.button')}
        </Button>
      </Stack>
    </SectionPanel>
  );
}
