import { Badge, Group, Stack, Text } from '@mantine/core';
import type { NotaryProfile } from '@mohar/contracts';
import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatCardDate } from '@/lib/format';
import classes from './notary.module.css';

/** Groups a SHA-256 hex fingerprint in pairs, as certificate viewers show it. */
const groupFingerprint = (hex: string) => (hex.match(/.{1,2}/g) ?? []).join(':').toUpperCase();

/** The notary's signing certificate: whose it is, until when, and whether Mohar's own CA issued it. */
export function SigningCertificateSummary({
  certificate,
}: {
  certificate: NotaryProfile['signingCertificate'];
}) {
  const { t } = useTranslation('notaries');
  if (!certificate) {
    return (
      <Text size="sm" c="dimmed" data-testid="signing-certificate">
        {t('certificate.none')}
      </Text>
    );
  }
  return (
    <Stack gap="xs" data-testid="signing-certificate">
      <dl style={{ margin: 0 }}>
        <Text component="dt" size="sm" fw={600}>
          {t('certificate.name')}
        </Text>
        <Text component="dd" m={0} mb="xs" style={{ overflowWrap: 'anywhere' }}>
          {certificate.subjectCommonName}
        </Text>
        <Text component="dt" size="sm" fw={600}>
          {t('certificate.validUntil')}
        </Text>
        <Text component="dd" m={0} mb="xs" data-testid="certificate-valid-until">
          {formatCardDate(certificate.notAfter)}
        </Text>
        <Text component="dt" size="sm" fw={600}>
          {t('certificate.fingerprint')}
        </Text>
        <Text component="dd" m={0} size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {groupFingerprint(certificate.fingerprintSha256)}
        </Text>
      </dl>
      {certificate.isPlatformIssued ? (
        <Group
          gap="xs"
          wrap="nowrap"
          align="flex-start"
          p="xs"
          className={classes.platformNote}
          data-testid="platform-issued-badge"
        >
          <ShieldAlert size={18} aria-hidden="true" style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm" fw={600}>
            {t('certificate.platformIssued')}
          </Text>
        </Group>
      ) : (
        <Badge color="gray" variant="light" tt="none" style={{ alignSelf: 'flex-start' }}>
          {t('certificate.ownCertificate')}
        </Badge>
      )}
    </Stack>
  );
}
