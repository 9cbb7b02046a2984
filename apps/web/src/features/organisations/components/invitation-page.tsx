import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { SectionPanel } from '@/components/section-panel';
import { showToast } from '@/components/toast-host';
import { paths } from '@/config/paths';
import { failureMessage } from '@/lib/api-errors';
import { useAcceptInvitation, useInvitationPreview } from '../api/organisations';

/** /organisation-invitation/:token — the e-mailed link: what the invitation offers, and accepting it (once). */
export function InvitationPage() {
  const { t } = useTranslation('organisations');
  const { t: tCommon } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation(token);
  return (
    <Stack gap="lg" maw={640} data-testid="organisation-invitation">
      <title>{`${t('invitation.title')} · Mohar`}</title>
      <Title order={1}>{t('invitation.title')}</Title>
      <SectionPanel labelledBy="invitation-heading">
        <Stack gap="md">
          <Title order={2} size="h3" id="invitation-heading">
            {preview.data?.organisationName ?? t('invitation.title')}
          </Title>
          {preview.isPending && <Text>{t('invitation.loading')}</Text>}
          {preview.isError && (
            <FormAlert tone="error">{failureMessage(preview.error, t('invitation.failed'))}</FormAlert>
          )}
          {accept.isError && (
            <FormAlert tone="error">{failureMessage(accept.error, t('invitation.failed'))}</FormAlert>
          )}
          {preview.data && (
            <>
              <Text>
                {t('invitation.body', {
                  organisation: preview.data.organisationName,
                  role: t(`roles.${preview.data.role}`),
                })}
              </Text>
              <Button
                style={{ alignSelf: 'flex-start' }}
                loading={accept.isPending}
                onClick={() =>
                  accept.mutate(undefined, {
                    onSuccess: (response) => {
                      void showToast({
                        color: 'green',
                        message: t('invitation.accepted', { organisation: response.organisation.legalName }),
                        closeLabel: tCommon('close'),
                      });
                      void navigate(paths.organisations.one(response.organisation._id));
                    },
                  })
                }
              >
                {t('invitation.accept')}
              </Button>
            </>
          )}
        </Stack>
      </SectionPanel>
    </Stack>
  );
}
