import { Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { Pricing } from '@mohar/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatInr } from '@/lib/format';
import classes from './company.module.css';

const EXAMPLE_SIGNATORIES = 2;

/** GST is charged on the platform fee only (contracts/pricing.ts), rounded to the nearest paisa. */
export function gstOnPlatformFee(pricing: Pricing): number {
  return Math.round((pricing.platformFeePaise * pricing.gstRatePercent) / 100);
}

/** The worked example: one notarial act (the first listed) and two signatories. */
export function exampleTotal(pricing: Pricing) {
  const act = pricing.notarialFees[0];
  const extraSignatories = Math.max(0, EXAMPLE_SIGNATORIES - pricing.includedSignatories);
  const lines = {
    platformFee: pricing.platformFeePaise,
    gst: gstOnPlatformFee(pricing),
    notarialFee: act?.feePaise ?? 0,
    extraSignatories: extraSignatories * pricing.extraSignatoryFeePaise,
  };
  return {
    act: act?.act,
    extraSignatories,
    lines,
    totalPaise: lines.platformFee + lines.gst + lines.notarialFee + lines.extraSignatories,
  };
}

export function PricingDetails({ pricing }: { pricing: Pricing }) {
  const { t } = useTranslation('company');
  const example = exampleTotal(pricing);
  return (
    <Stack gap={40}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Card withBorder radius="lg" padding="lg">
          <Title order={2} size="h4" mb="xs">
            {t('pricing.platformFee.title')}
          </Title>
          {/* A figure, not a heading: a large <p> reads to axe as a heading styled by hand (p-as-heading). */}
          <Text component="div" fz={32} fw={700} className={classes.money} ta="left">
            {formatInr(pricing.platformFeePaise)}
          </Text>
          <Text size="sm" className={classes.muted}>
            {t('pricing.platformFee.gst', { rate: pricing.gstRatePercent })}
          </Text>
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <Title order={2} size="h4" mb="xs">
            {t('pricing.signatories.title')}
          </Title>
          <Text fw={600}>{t('pricing.signatories.included', { count: pricing.includedSignatories })}</Text>
          <Text size="sm" className={classes.muted}>
            {t('pricing.signatories.extra', { fee: formatInr(pricing.extraSignatoryFeePaise) })}
          </Text>
        </Card>
      </SimpleGrid>

      <section aria-labelledby="pricing-acts">
        <Title order={2} size="h3" id="pricing-acts" mb="xs">
          {t('pricing.acts.title')}
        </Title>
        <Text className={classes.muted} mb="md">
          {t('pricing.acts.body')}
        </Text>
        <Table withTableBorder verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('pricing.acts.act')}</Table.Th>
              <Table.Th scope="col" className={classes.money}>
                {t('pricing.acts.fee')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pricing.notarialFees.map((fee) => (
              <Table.Tr key={fee.act}>
                <Table.Th scope="row" fw={400}>
                  {t(`acts.${fee.act}`)}
                </Table.Th>
                <Table.Td className={classes.money}>{formatInr(fee.feePaise)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </section>

      <section aria-labelledby="pricing-example">
        <Title order={2} size="h3" id="pricing-example" mb="xs">
          {t('pricing.example.title')}
        </Title>
        <Text className={classes.muted} mb="md">
          {t('pricing.example.body', {
            act: example.act ? t(`acts.${example.act}`) : '',
            signatories: EXAMPLE_SIGNATORIES,
          })}
        </Text>
        <Table withTableBorder verticalSpacing="sm">
          <Table.Tbody>
            <ExampleRow label={t('pricing.example.platformFee')} paise={example.lines.platformFee} />
            <ExampleRow
              label={t('pricing.example.gst', { rate: pricing.gstRatePercent })}
              paise={example.lines.gst}
            />
            <ExampleRow
              label={t('pricing.example.notarialFee', { act: example.act ? t(`acts.${example.act}`) : '' })}
              paise={example.lines.notarialFee}
            />
            <ExampleRow
              label={
                example.extraSignatories > 0
                  ? t('pricing.example.extraSignatories', { count: example.extraSignatories })
                  : t('pricing.example.signatoriesIncluded', { count: EXAMPLE_SIGNATORIES })
              }
              paise={example.lines.extraSignatories}
            />
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row" className={classes.total}>
                {t('pricing.example.total')}
              </Table.Th>
              <Table.Td className={`${classes.money} ${classes.total}`} data-testid="pricing-example-total">
                {formatInr(example.totalPaise)}
              </Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
        <Group mt="xl">
          <Button component={Link} to={paths.auth.login()} size="md">
            {t('pricing.action')}
          </Button>
        </Group>
      </section>
    </Stack>
  );
}

function ExampleRow({ label, paise }: { label: string; paise: number }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={400}>
        {label}
      </Table.Th>
      <Table.Td className={classes.money}>{formatInr(paise)}</Table.Td>
    </Table.Tr>
  );
}
