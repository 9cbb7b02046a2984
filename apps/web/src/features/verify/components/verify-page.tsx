import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { normaliseVerifyCode } from '../lib/verify-code';
import { CodeDetails } from './code-details';
import { VerifyForm } from './verify-form';

/**
 * /verify and /verify/:code — public: is this PDF notarised by Mohar and unchanged? With a code (from the QR code on
 * a certificate page) the page first shows what Mohar recorded for it, then invites the reader to check their copy.
 */
export function VerifyPage() {
  const { t } = useTranslation('verify');
  const { code: rawCode } = useParams();
  const hasCode = rawCode !== undefined;
  const code = normaliseVerifyCode(rawCode);

  return (
    <Container size="md" py={{ base: 'xl', md: 64 }} data-testid="verify-page">
      <title>{`${t('pageTitle')} · Mohar`}</title>
      <meta name="description" content={t('metaDescription')} />
      <Stack gap="xl">
        <Stack gap="sm" maw="65ch">
          <Title order={1}>{t('heading')}</Title>
          <Text size="lg">{t('intro')}</Text>
        </Stack>
        {rawCode !== undefined && <CodeDetails key={rawCode} code={code} rawCode={rawCode} />}
        <section aria-labelledby="verify-form-heading">
          <Stack gap="sm">
            <Title order={2} size="h3" id="verify-form-heading">
              {t(hasCode ? 'form.headingYourCopy' : 'form.heading')}
            </Title>
            {hasCode && <Text>{t('form.codeInvite')}</Text>}
            <VerifyForm key={rawCode ?? ''} expectedCode={code} />
          </Stack>
        </section>
      </Stack>
    </Container>
  );
}
