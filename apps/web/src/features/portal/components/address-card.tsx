import { Button, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { SIGNATORY_ADDRESS_MAX, signatoryAddressRequest } from '@mohar/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { SectionPanel } from '@/components/section-panel';
import { failureMessage } from '@/lib/api-errors';
import { useContractForm } from '@/lib/use-contract-form';
import { useSaveAddress } from '../api/save-address';
import classes from './portal.module.css';

/** Statuses in which the address may still be given or corrected (the server says the same). */
const EDITABLE = new Set(['awaiting_identity', 'ready']);

/**
 * The signatory's postal address: the notary's register (Form XV) prints each executant's name and full address, so
 * Start Notarization waits for it. A verified Aadhaar card fills it in (the server reads the card's address); shown
 * saved once given, with a way to correct it until the session starts.
 */
export function AddressCard(props: { token: string; address: string | null; status: string }) {
  const { t } = useTranslation('portal');
  const save = useSaveAddress(props.token);
  const isEditable = EDITABLE.has(props.status);
  const [isEditing, setIsEditing] = useState(!props.address);
  const { form, onSubmit, failure, setFailure, containerRef } = useContractForm({
    schema: signatoryAddressRequest,
    initialValues: { address: props.address ?? '' },
    translate: ({ code }) => (code === 'too_big' ? t('address.tooLong') : t('address.invalid')),
  });
  const onValid = onSubmit((request) => {
    if (save.isPending) return;
    save.mutate(request.address, {
      onSuccess: () => setIsEditing(false),
      onError: (error) => setFailure(failureMessage(error, t('address.failed'))),
    });
  });

  if (!isEditable && !props.address) return null;
  return (
    <SectionPanel labelledBy="portal-address-heading" testId="portal-address" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="xs">
        <Title order={2} size="h4" id="portal-address-heading">
          {t('address.title')}
        </Title>
        {isEditing && isEditable ? (
          <form ref={containerRef} onSubmit={onValid} noValidate data-testid="portal-address-form">
            <Stack gap="sm">
              {failure && <FormAlert tone="error">{failure}</FormAlert>}
              <Textarea
                label={t('address.label')}
                description={t('address.hint')}
                required
                autosize
                minRows={3}
                maxLength={SIGNATORY_ADDRESS_MAX}
                autoComplete="street-address"
                {...form.getInputProps('address')}
                data-testid="portal-address-field"
              />
              <Group gap="sm">
                <Button type="submit" loading={save.isPending} data-testid="portal-address-save">
                  {t('address.save')}
                </Button>
                {props.address && (
                  <Button variant="default" onClick={() => setIsEditing(false)}>
                    {t('address.cancel')}
                  </Button>
                )}
              </Group>
            </Stack>
          </form>
        ) : (
          <Stack gap="xs">
            <Text size="sm" className={classes.wrap} data-testid="portal-address-saved">
              {props.address}
            </Text>
            {isEditable && (
              <Group>
                <Button
                  variant="default"
                  size="xs"
                  onClick={() => setIsEditing(true)}
                  data-testid="portal-address-change"
                >
                  {t('address.change')}
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </Stack>
    </SectionPanel>
  );
}
