import {
  Alert,
  Badge,
  Button,
  Checkbox,
  NumberInput,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type PlanVersion, planInput } from '@mohar/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { showToast } from '@/components/toast-host';
import { failureMessage } from '@/lib/api-errors';
import { formatDateTime, formatInr } from '@/lib/format';
import { useContractForm } from '@/lib/use-contract-form';
import { useAdminPlans, useSavePlan } from '../api/plans';

const EMPTY = {
  code: '',
  name: '',
  monthlyPaise: 0,
  includedNotarisations: 0,
  overagePaise: 0,
  active: true,
};

/**
 * Plans of organisations (decision 0073), on the fee settings screen (the same finance role): each save is a new
 * version of the plan with that code; subscriptions and invoices from then on use it.
 */
export function PlansPanel() {
  const { t } = useTranslation('admin-settings');
  const plans = useAdminPlans();
  const [editing, setEditing] = useState<PlanVersion | null>(null);
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="plans-heading"
    >
      <Stack gap="md" data-testid="admin-plans">
        <Stack gap={4}>
          <Title order={2} size="h3" id="plans-heading">
            {t('plans.title')}
          </Title>
          <Text c="dimmed">{t('plans.intro')}</Text>
        </Stack>
        {plans.isPending ? (
          <Skeleton height={120} radius="md" role="status" aria-label={t('loading')} />
        ) : plans.isError ? (
          <Alert color="red" variant="light" role="alert" title={t('plans.failed')}>
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{failureMessage(plans.error, t('plans.failed'))}</Text>
              <Button size="xs" variant="default" onClick={() => void plans.refetch()}>
                {t('retry')}
              </Button>
            </Stack>
          </Alert>
        ) : (
          <>
            {plans.data.plans.length === 0 && <Text c="dimmed">{t('plans.empty')}</Text>}
            {plans.data.plans.length > 0 && (
              <Table.ScrollContainer minWidth={560}>
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('plans.name')}</Table.Th>
                      <Table.Th>{t('plans.monthly')}</Table.Th>
                      <Table.Th>{t('plans.included')}</Table.Th>
                      <Table.Th>{t('plans.overage')}</Table.Th>
                      <Table.Th>{t('plans.changed')}</Table.Th>
                      <Table.Th>{t('plans.actions')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {plans.data.plans.map((plan) => (
                      <Table.Tr key={plan._id}>
                        <Table.Td>
                          {plan.name}{' '}
                          <Text span c="dimmed" size="sm">
                            ({plan.code})
                          </Text>{' '}
                          {!plan.active && (
                            <Badge variant="light" color="gray">
                              {t('plans.retired')}
                            </Badge>
                          )}
                        </Table.Td>
                        <Table.Td>{formatInr(plan.monthlyPaise)}</Table.Td>
                        <Table.Td>{plan.includedNotarisations}</Table.Td>
                        <Table.Td>{formatInr(plan.overagePaise)}</Table.Td>
                        <Table.Td>
                          {formatDateTime(plan.changedAt)}
                          {plan.changedBy ? ` · ${plan.changedBy}` : ''}
                        </Table.Td>
                        <Table.Td>
                          <Button
                            size="xs"
                            variant="subtle"
                            onClick={() => setEditing(plan)}
                            aria-label={`${t('plans.edit')}: ${plan.name}`}
                          >
                            {t('plans.edit')}
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            <PlanForm key={editing?._id ?? 'new'} plan={editing} onDone={() => setEditing(null)} />
          </>
        )}
      </Stack>
    </Paper>
  );
}

function PlanForm({ plan, onDone }: { plan: PlanVersion | null; onDone: () => void }) {
  const { t } = useTranslation('admin-settings');
  const { t: tCommon } = useTranslation();
  const save = useSavePlan();
  const { form, onSubmit, showFailure, failure, containerRef } = useContractForm({
    schema: planInput,
    initialValues: plan
      ? {
          code: plan.code,
          name: plan.name,
          monthlyPaise: plan.monthlyPaise,
          includedNotarisations: plan.includedNotarisations,
          overagePaise: plan.overagePaise,
          active: plan.active,
        }
      : EMPTY,
  });
  // Rupees on screen, whole paise in the request.
  const rupees = (field: 'monthlyPaise' | 'overagePaise') => ({
    ...form.getInputProps(field),
    value: form.values[field] / 100,
    onChange: (value: string | number) => form.setFieldValue(field, Math.round(Number(value || 0) * 100)),
    prefix: '₹',
    decimalScale: 2,
    min: 0,
    hideControls: true,
  });
  const onValid = onSubmit((request) =>
    save.mutate(request, {
      onSuccess: () => {
        void showToast({ color: 'green', message: t('plans.saved'), closeLabel: tCommon('close') });
        onDone();
      },
      onError: (error) => showFailure(error, { fallback: t('plans.saveFailed') }),
    }),
  );
  return (
    <form ref={containerRef} onSubmit={onValid} noValidate>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {plan ? t('plans.editTitle', { name: plan.name }) : t('plans.newTitle')}
        </Title>
        {failure && <FormAlert tone="error">{failure}</FormAlert>}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('plans.code')}
            description={t('plans.codeHint')}
            disabled={Boolean(plan)}
            {...form.getInputProps('code')}
          />
          <TextInput label={t('plans.name')} {...form.getInputProps('name')} />
          <NumberInput label={t('plans.monthly')} {...rupees('monthlyPaise')} />
          <NumberInput
            label={t('plans.included')}
            min={0}
            allowDecimal={false}
            {...form.getInputProps('includedNotarisations')}
          />
          <NumberInput label={t('plans.overage')} {...rupees('overagePaise')} />
          <Checkbox
            label={t('plans.active')}
            description={t('plans.activeHint')}
            {...form.getInputProps('active', { type: 'checkbox' })}
          />
        </SimpleGrid>
        <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
          {plan ? t('plans.saveVersion') : t('plans.create')}
        </Button>
      </Stack>
    </form>
  );
}
