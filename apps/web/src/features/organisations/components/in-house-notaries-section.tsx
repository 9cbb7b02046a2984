import { Badge, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import type { Organisation } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { SectionPanel } from '@/components/section-panel';
import { showToast } from '@/components/toast-host';
import { failureMessage } from '@/lib/api-errors';
import { formatDateTime } from '@/lib/format';
import { useContractForm } from '@/lib/use-contract-form';
import {
  inHouseNotaryInviteRequest,
  useEndInHouseNotary,
  useInHouseNotaries,
  useInviteInHouseNotary,
} from '../api/in-house-notaries';

/**
 * The organisation's own notaries (decision 0074): every member sees them; owners and admins invite one by
 * registration number and end a link. The notary accepts in their own area.
 */
export function InHouseNotariesSection({
  organisation,
  manages,
}: {
  organisation: Organisation;
  manages: boolean;
}) {
  const { t } = useTranslation('organisations');
  const notaries = useInHouseNotaries(organisation._id);
  const end = useEndInHouseNotary(organisation._id);
  return (
    <SectionPanel labelledBy="organisation-notaries">
      <Stack gap="sm" data-testid="organisation-notaries">
        <Title order={2} size="h3" id="organisation-notaries">
          {t('inHouse.title')}
        </Title>
        <Text c="dimmed">
          {organisation.inHouseNotariesOnly ? t('inHouse.onlyBody') : t('inHouse.firstBody')}
        </Text>
        {end.isError && (
          <FormAlert tone="error">{failureMessage(end.error, t('inHouse.endFailed'))}</FormAlert>
        )}
        {notaries.isError ? (
          <Group gap="sm">
            <FormAlert tone="error">{failureMessage(notaries.error, t('inHouse.failed'))}</FormAlert>
            <Button variant="light" onClick={() => void notaries.refetch()}>
              {t('retry')}
            </Button>
          </Group>
        ) : !notaries.data ? (
          <Text>{t('loading')}</Text>
        ) : notaries.data.notaries.length === 0 ? (
          <Text c="dimmed">{t('inHouse.empty')}</Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {notaries.data.notaries.map((notary) => (
              <Group key={notary._id} component="li" gap="sm" wrap="wrap">
                <Text fw={600}>{notary.fullName ?? notary.registrationNumber}</Text>
                <Text c="dimmed" size="sm">
                  {notary.registrationNumber}
                </Text>
                <Badge variant="light" color={notary.status === 'active' ? 'green' : 'gray'}>
                  {t(`inHouse.status.${notary.status}`)}
                </Badge>
                <Text c="dimmed" size="sm">
                  {formatDateTime(notary.acceptedAt ?? notary.createdAt)}
                </Text>
                {manages && (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    loading={end.isPending && end.variables === notary._id}
                    onClick={() => {
                      const name = notary.fullName ?? notary.registrationNumber ?? '';
                      if (!window.confirm(t('inHouse.endConfirm', { name }))) return;
                      end.mutate(notary._id);
                    }}
                  >
                    {notary.status === 'active' ? t('inHouse.end') : t('inHouse.withdraw')}
                  </Button>
                )}
              </Group>
            ))}
          </Stack>
        )}
        {manages && <InviteNotary organisationId={organisation._id} />}
      </Stack>
    </SectionPanel>
  );
}

function InviteNotary({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation('organisations');
  const { t: tCommon } = useTranslation();
  const invite = useInviteInHouseNotary(organisationId);
  const { form, onSubmit, showFailure, failure, containerRef } = useContractForm({
    schema: inHouseNotaryInviteRequest,
    initialValues: { registrationNumber: '' },
  });
  const onValid = onSubmit((request) =>
    invite.mutate(request as { registrationNumber: string }, {
      onSuccess: () => {
        form.reset();
        void showToast({ color: 'green', message: t('inHouse.invited'), closeLabel: tCommon('close') });
      },
      onError: (error) => showFailure(error, { fallback: t('inHouse.inviteFailed') }),
    }),
  );
  return (
    <form ref={containerRef} onSubmit={onValid} noValidate>
      <Stack gap="sm" maw={560}>
        {failure && <FormAlert tone="error">{failure}</FormAlert>}
        <TextInput
          label={t('inHouse.registrationNumber')}
          description={t('inHouse.registrationHint')}
          {...form.getInputProps('registrationNumber')}
        />
        <Button type="submit" loading={invite.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('inHouse.invite')}
        </Button>
      </Stack>
    </form>
  );
}
