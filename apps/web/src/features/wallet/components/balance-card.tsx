import { Alert, Anchor, Button, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { WalletMinimal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { failureMessage } from '@/lib/api-errors';
import { formatInr } from '@/lib/format';
import { useWallet } from '../api/get-wallet';
import classes from './wallet.module.css';

/** The balance, large, with what the wallet is for and where the refund rules are. */
export function BalanceCard() {
  const { t } = useTranslation('wallet');
  const wallet = useWallet();
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'lg', sm: 'xl' }}
      component="section"
      aria-labelledby="wallet-balance-heading"
    >
      <Stack gap="xs" align="flex-start">
        <ThemeIcon size={40} radius="xl" variant="light" aria-hidden="true">
          <WalletMinimal size={22} />
        </ThemeIcon>
        <Text component="h2" fw={600} id="wallet-balance-heading" m={0}>
          {t('balance.title')}
        </Text>
        {wallet.isPending ? (
          <Skeleton height={44} width={220} radius="sm" aria-label={t('balance.loading')} role="status" />
        ) : wallet.isError ? (
          <Alert color="red" variant="light" role="alert" title={t('balance.failed')} w="100%">
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{failureMessage(wallet.error, t('balance.failed'))}</Text>
              <Button size="xs" variant="default" onClick={() => void wallet.refetch()}>
                {t('retry')}
              </Button>
            </Stack>
          </Alert>
        ) : (
          <Text
            // A figure, not a heading: a large <p> reads to axe as a heading drawn without one (p-as-heading).
            component="div"
            className={classes.balance}
            data-testid="wallet-balance"
            data-balance-paise={wallet.data.balancePaise}
          >
            {formatInr(wallet.data.balancePaise)}
          </Text>
        )}
        <Text>{t('balance.body')}</Text>
        <Anchor component={Link} to={paths.legal.refund()} size="sm" data-testid="wallet-refund-policy">
          {t('balance.policy')}
        </Anchor>
      </Stack>
    </Paper>
  );
}
