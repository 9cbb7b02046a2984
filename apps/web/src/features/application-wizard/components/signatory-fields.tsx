import { Button, Fieldset, Group, Radio, SimpleGrid, TextInput } from '@mantine/core';
import { SIGNATORY_ROLES } from '@mohar/contracts';
import { Trash2 } from 'lucide-react';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/date-field';
import type { RowErrors, SignatoryField, SignatoryRow } from '../lib/signatories-form';

/** The id of one field of one row (focus moves there after "Add myself" or a failed check). */
export const signatoryFieldId = (key: string, field: SignatoryField) => `signatory-${key}-${field}`;

/** One signatory: name, e-mail, mobile (+91), date of birth, role; Remove names the person. */
export function SignatoryFields(props: {
  row: SignatoryRow;
  index: number;
  errors: RowErrors;
  canRemove: boolean;
  onChange: (field: SignatoryField, value: string) => void;
  onBlur: (field: SignatoryField) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('wizard');
  const { row, errors } = props;
  const number = props.index + 1;
  const who = row.fullName.trim() || t('signatories.numbered', { number });
  const input = (field: Exclude<SignatoryField, 'role'>) => ({
    id: signatoryFieldId(row.key, field),
    value: row[field],
    error: errors[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => props.onChange(field, event.currentTarget.value),
    onBlur: () => props.onBlur(field),
  });

  return (
    <Fieldset
      legend={t('signatories.legend', { number })}
      radius="md"
      data-testid="signatory-row"
      styles={{ legend: { fontWeight: 600 } }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label={t('signatories.fullName')} required autoComplete="off" {...input('fullName')} />
        <TextInput
          label={t('signatories.email')}
          type="email"
          required
          autoComplete="off"
          spellCheck={false}
          {...input('email')}
        />
        <TextInput
          label={t('signatories.mobile')}
          description={t('signatories.mobileHint')}
          type="tel"
          inputMode="tel"
          required
          autoComplete="off"
          leftSection="+91"
          leftSectionWidth={48}
          leftSectionProps={{ 'aria-hidden': true }}
          {...input('mobile')}
        />
        <DateField
          label={t('signatories.dateOfBirth')}
          description={t('signatories.dateOfBirthHint')}
          required
          {...input('dateOfBirth')}
          onChange={(value) => props.onChange('dateOfBirth', value)}
        />
      </SimpleGrid>
      <Group justify="space-between" align="flex-end" gap="md" mt="md">
        <Radio.Group
          label={t('signatories.role')}
          value={row.role}
          onChange={(value) => props.onChange('role', value)}
          name={`signatory-${row.key}-role`}
          error={errors.role}
        >
          <Group gap="lg" mt={6}>
            {SIGNATORY_ROLES.map((role) => (
              <Radio
                key={role}
                value={role}
                label={t(`signatories.roles.${role}`)}
                description={t(`signatories.roleHints.${role}`)}
              />
            ))}
          </Group>
        </Radio.Group>
        {props.canRemove && (
          <Button
            variant="subtle"
            color="red"
            // The theme's error colour meets WCAG AA in both colour modes; subtle red text does not.
            c="var(--mantine-color-error)"
            leftSection={<Trash2 size={16} aria-hidden="true" />}
            onClick={props.onRemove}
            aria-label={t('signatories.removeNamed', { name: who })}
          >
            {t('signatories.remove')}
          </Button>
        )}
      </Group>
    </Fieldset>
  );
}
