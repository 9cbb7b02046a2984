import { Badge, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import {
  useAnswerOrganisationLink,
  useNotaryOrganisationLinks,
} from '@/features/organisations/api/notary-organisation-links';
import { failureMessage } from '@/lib/api-errors';

/**
 * Organisations that invited the notary or that they work for (decision 0074): accept, decline or leave, and
 * whether the organisation's members also find them in the public directory. Hidden while there are none.
 */
export function OrganisationLinks() {
  const { t } = useTranslation('requests');
  const links = useNotaryOrganisationLinks();
  const answer = useAnswerOrganisationLink();
  if (links.isError)
    return <FormAlert tone="error">{failureMessage(links.error, t('organisations.failed'))}</FormAlert>;
  if (!links.data || links.data.links.length === 0) return null;
  return (
    <Stack
      gap="sm"
      component="section"
      aria-labelledby="notary-organisations"
      data-testid="notary-organisations"
    >
      <Title order={2} size="h3" id="notary-organisations">
        {t('organisations.title')}
      </Title>
      <Text c="dimmed">{t('organisations.intro')}</Text>
      {answer.isError && (
        <FormAlert tone="error">{failureMessage(answer.error, t('organisations.answerFailed'))}</FormAlert>
      )}
      {links.data.links.map((link) => (
        <Paper key={link._id} withBorder p="sm">
          <Stack gap="xs">
            <Group gap="sm">
              <Text fw={600}>{link.organisationName}</Text>
              <Badge variant="light" color={link.status === 'active' ? 'green' : 'blue'}>
                {link.status === 'active' ? t('organisations.activeBadge') : t('organisations.invitedBadge')}
              </Badge>
            </Group>
            <Checkbox
              label={t('organisations.listed')}
              checked={link.listedForMembers}
              disabled={answer.isPending}
              onChange={(event) =>
                answer.mutate({ linkId: link._id, listedForMembers: event.currentTarget.checked })
              }
            />
            <Group gap="sm">
              {link.status === 'invited' && (
                <Button
                  size="xs"
                  disabled={answer.isPending}
                  onClick={() => answer.mutate({ linkId: link._id, answer: 'accept' })}
                >
                  {t('organisations.accept')}
                </Button>
              )}
              <Button
                size="xs"
                variant="light"
                color="red"
                disabled={answer.isPending}
                onClick={() => {
                  if (
                    link.status === 'active' &&
                    !window.confirm(t('organisations.leaveConfirm', { name: link.organisationName }))
                  )
                    return;
                  answer.mutate({ linkId: link._id, answer: 'decline' });
                }}
              >
                {link.status === 'active' ? t('organisations.leave') : t('organisations.decline')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
