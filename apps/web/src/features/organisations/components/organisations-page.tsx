import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { SectionPanel } from '@/components/section-panel';
import { showToast } from '@/components/toast-host';
import { paths } from '@/config/paths';
import { useCreateOrganisation, useOrganisations } from '../api/organisations';
import { OrganisationDetailsForm } from './organisation-details-form';

/** /organisations — the person's organisations, and a form to create one (they become its owner). */
export function OrganisationsPage() {
  const { t } = useTranslation('organisations');
  const { t: tCommon } = useTranslation();
  const navigate = useNavigate();
  const list = useOrganisations();
  const create = useCreateOrganisation();
  return (
    <Stack gap="lg" data-testid="organisations-page">
      <title>{`${t('title')} · Mohar`}</title>
      <Stack gap={4} maw={720}>
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed">{t('intro')}</Text>
      </Stack>
      <SectionPanel labelledBy="organisations-list">
        <Stack gap="sm">
          <Title order={2} size="h3" id="organisations-list">
            {t('list.title')}
          </Title>
          {list.isError && (
            <Group>
              <Text>{t('list.failed')}</Text>
              <Button variant="light" onClick={() => void list.refetch()}>
                {t('retry')}
              </Button>
            </Group>
          )}
          {list.data?.organisations.length === 0 && <Text c="dimmed">{t('list.empty')}</Text>}
          {list.data?.organisations.map((organisation) => (
            <Group key={organisation._id} justify="space-between" wrap="wrap" gap="xs">
              <Group gap="xs">
                <Text fw={600}>{organisation.legalName}</Text>
                <Badge variant="light">{t(`roles.${organisation.role}`)}</Badge>
              </Group>
              <Anchor component={Link} to={paths.organisations.one(organisation._id)}>
                {t('list.open')}
              </Anchor>
            </Group>
          ))}
        </Stack>
      </SectionPanel>
      <SectionPanel labelledBy="organisations-create">
        <Stack gap="sm">
          <Title order={2} size="h3" id="organisations-create">
            {t('create.title')}
          </Title>
          <OrganisationDetailsForm
            submitLabel={t('create.submit')}
            failureText={t('create.failed')}
            isPending={create.isPending}
            onSave={(input, done) =>
              create.mutate(input, {
                onSuccess: (response) => {
                  void showToast({
                    color: 'green',
                    message: t('create.created'),
                    closeLabel: tCommon('close'),
                  });
                  void navigate(paths.organisations.one(response.organisation._id));
                },
                onError: done.fail,
              })
            }
          />
        </Stack>
      </SectionPanel>
    </Stack>
  );
}
