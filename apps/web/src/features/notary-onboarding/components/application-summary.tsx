import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { NotaryDocumentKind, NotaryProfile } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import { DefinitionGrid } from '@/components/definition-grid';
import { DocumentPreview } from '@/components/notary/document-preview';
import { SigningCertificateSummary } from '@/components/notary/signing-certificate-summary';
import { formatCalendarDate } from '@/lib/format';
import { ownDocumentPath } from '../api/upload-notary-document';

const KINDS: readonly NotaryDocumentKind[] = ['certificate', 'photo', 'signature', 'seal'];

/** Everything in the application, read-only: on review, and while it is pending, verified or suspended. */
export function ApplicationSummary({ profile }: { profile: NotaryProfile }) {
  const { t } = useTranslation('notaries');
  const { t: tOnboarding } = useTranslation('onboarding');
  const notGiven = t('details.notGiven');
  const rows: Array<[string, string]> = [
    [t('details.fullName'), profile.fullName ?? notGiven],
    [t('details.registrationNumber'), profile.registrationNumber ?? notGiven],
    [t('details.appointingGovernment'), profile.appointingGovernment ?? notGiven],
    [t('details.areaOfPractice'), profile.areaOfPractice ?? notGiven],
    [
      t('details.commissionExpiresOn'),
      profile.commissionExpiresOn ? formatCalendarDate(profile.commissionExpiresOn) : notGiven,
    ],
    [t('details.officeAddress'), profile.officeAddress ?? notGiven],
    [t('details.languages'), profile.languages.length > 0 ? profile.languages.join(', ') : notGiven],
  ];
  return (
    <Stack gap="md" data-testid="application-summary">
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="summary-details-heading">
        <Title order={3} size="h4" id="summary-details-heading" mb="sm">
          {tOnboarding('summary.details')}
        </Title>
        <DefinitionGrid rows={rows} />
      </Paper>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="summary-documents-heading">
        <Title order={3} size="h4" id="summary-documents-heading" mb="sm">
          {tOnboarding('summary.documents')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {KINDS.map((kind) => (
            <Stack key={kind} gap={4}>
              <Text size="sm" fw={600}>
                {t(`documents.${kind}`)}
              </Text>
              <DocumentPreview
                path={ownDocumentPath(kind)}
                document={profile.documents[kind]}
                name={t(`documents.${kind}`)}
                maxHeight={160}
              />
            </Stack>
          ))}
        </SimpleGrid>
      </Paper>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="summary-certificate-heading">
        <Title order={3} size="h4" id="summary-certificate-heading" mb="sm">
          {tOnboarding('summary.signingCertificate')}
        </Title>
        <SigningCertificateSummary certificate={profile.signingCertificate} />
      </Paper>
    </Stack>
  );
}
