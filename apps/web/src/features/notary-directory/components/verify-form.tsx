import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { BadgeCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { FormAlert } from '@/components/form-alert';
import { RegistrationNumberField } from '@/components/notary/registration-number-field';
import { SectionPanel } from '@/components/section-panel';
import { failureMessage } from '@/lib/api-errors';
import { useContractForm } from '@/lib/use-contract-form';
import { registrationNumberField, useVerifyRegistration } from '../api/verify-registration';
import { NotaryCard } from './notary-card';

const verifyForm = z.object({ registrationNumber: registrationNumberField });

/** Is this registration number a verified notary on Mohar? An honest answer either way. */
export function VerifyForm() {
  const { t } = useTranslation('directory');
  const [checked, setChecked] = useState<string | null>(null);
  const result = useVerifyRegistration(checked);
  const { form, onSubmit, containerRef } = useContractForm({
    schema: verifyForm,
    initialValues: { registrationNumber: '' },
  });
  const onValid = onSubmit(
    (request) => setChecked(request.registrationNumber),
    () => setChecked(null),
  );

  return (
    <SectionPanel labelledBy="verify-heading">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h3" id="verify-heading">
            {t('verify.heading')}
          </Title>
          <Text c="dimmed">{t('verify.intro')}</Text>
        </Stack>
        <form
          ref={containerRef}
          onSubmit={onValid}
          noValidate
          aria-labelledby="verify-heading"
          data-testid="verify-form"
        >
          <Group gap="sm" align="flex-start" wrap="wrap">
            <RegistrationNumberField
              label={t('verify.label')}
              placeholder={t('verify.placeholder')}
              {...form.getInputProps('registrationNumber')}
              aria-invalid={form.errors.registrationNumber ? true : undefined}
              style={{ flex: '1 1 240px', maxWidth: 360 }}
            />
            <Button type="submit" mt={{ base: 0, xs: 25 }} loading={result.isFetching}>
              {t('verify.submit')}
            </Button>
          </Group>
        </form>
        <div aria-live="polite" data-testid="verify-result">
          {result.isSuccess &&
            (result.data.notary ? (
              <Stack gap="sm">
                <Group gap="xs">
                  <BadgeCheck size={22} color="var(--mantine-color-green-light-color)" aria-hidden="true" />
                  <Title order={3} size="h4" c="var(--mantine-color-green-light-color)">
                    {t('verify.found')}
                  </Title>
                </Group>
                <Text size="sm">
                  {t('verify.foundBody', {
                    name: result.data.notary.fullName,
                    number: result.data.registrationNumber,
                  })}
                </Text>
                <div style={{ maxWidth: 420 }}>
                  <NotaryCard notary={result.data.notary} headingLevel={3} />
                </div>
              </Stack>
            ) : (
              <FormAlert tone="info" data-testid="verify-not-found">
                {t('verify.notFound')}
              </FormAlert>
            ))}
          {result.isError && (
            <FormAlert tone="error">{failureMessage(result.error, t('verify.failed'))}</FormAlert>
          )}
        </div>
      </Stack>
    </SectionPanel>
  );
}
