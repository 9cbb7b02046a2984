import { Button, Checkbox, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { GST_STATE_CODES, GST_STATES, type Organisation } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { useContractForm } from '@/lib/use-contract-form';
import { type OrganisationDetailsInput, organisationDetailsRequest } from '../api/organisations';

/** Legal name, GSTIN, billing address and GST state: the same form creates an organisation and edits it. */
export function OrganisationDetailsForm(props: {
  organisation?: Organisation;
  submitLabel: string;
  isPending: boolean;
  readOnly?: boolean;
  onSave: (input: OrganisationDetailsInput, done: { fail: (error: unknown) => void }) => void;
  failureText: string;
}) {
  const { t } = useTranslation('organisations');
  const { organisation } = props;
  const { form, onSubmit, showFailure, failure, containerRef } = useContractForm({
    schema: organisationDetailsRequest,
    initialValues: {
      legalName: organisation?.legalName ?? '',
      gstin: organisation?.gstin ?? '',
      billingAddress: organisation?.billingAddress ?? '',
      gstState: organisation?.gstState ?? '',
      inHouseNotariesOnly: organisation?.inHouseNotariesOnly ?? false,
    },
  });
  const onValid = onSubmit((request) =>
    props.onSave(request as OrganisationDetailsInput, {
      fail: (error) => showFailure(error, { fallback: props.failureText }),
    }),
  );
  return (
    <form ref={containerRef} onSubmit={onValid} noValidate>
      <Stack gap="md" maw={560}>
        {failure && <FormAlert tone="error">{failure}</FormAlert>}
        <TextInput
          label={t('fields.legalName')}
          readOnly={props.readOnly}
          {...form.getInputProps('legalName')}
        />
        <TextInput
          label={t('fields.gstin')}
          description={t('fields.gstinHint')}
          maxLength={15}
          autoCapitalize="characters"
          readOnly={props.readOnly}
          {...form.getInputProps('gstin')}
        />
        <NativeSelect
          label={t('fields.gstState')}
          disabled={props.readOnly}
          data={[
            { value: '', label: '—' },
            ...GST_STATE_CODES.map((code) => ({ value: code, label: `${code} · ${GST_STATES[code]}` })),
          ]}
          {...form.getInputProps('gstState')}
        />
        <Textarea
          label={t('fields.billingAddress')}
          autosize
          minRows={2}
          readOnly={props.readOnly}
          {...form.getInputProps('billingAddress')}
        />
        <Checkbox
          label={t('fields.inHouseNotariesOnly')}
          disabled={props.readOnly}
          {...form.getInputProps('inHouseNotariesOnly', { type: 'checkbox' })}
        />
        {!props.readOnly && (
          <Button type="submit" loading={props.isPending} style={{ alignSelf: 'flex-start' }}>
            {props.submitLabel}
          </Button>
        )}
      </Stack>
    </form>
  );
}
