import { Alert, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { VerifyResult as VerifyResultData } from '@mohar/contracts';
import {
  CircleAlert,
  CircleCheck,
  CircleX,
  ShieldAlert,
  ShieldCheck,
  ShieldQuestionMark,
} from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { type PdfSignature, summariseSignature } from '../lib/signature-summary';
import { VerificationDetailsList } from './verification-details';
import classes from './verify.module.css';

const TONES = {
  genuine: { color: 'green', Icon: ShieldCheck },
  changed: { color: 'red', Icon: ShieldAlert },
  unknown: { color: 'gray', Icon: ShieldQuestionMark },
} as const;

function CheckLine(props: { isGood: boolean; children: string }) {
  const Icon = props.isGood ? CircleCheck : CircleX;
  return (
    <List.Item
      icon={
        <ThemeIcon color={props.isGood ? 'green' : 'red'} variant="transparent" size="sm">
          <Icon size={16} aria-hidden="true" />
        </ThemeIcon>
      }
    >
      {props.children}
    </List.Item>
  );
}

/** The PDF's own digital signature in three plain lines: sound or not, whole file or not, by whom. */
function SignatureCheck({ signature }: { signature: PdfSignature | null }) {
  const { t } = useTranslation('verify');
  const summary = signature ? summariseSignature(signature) : null;
  return (
    <Stack gap={6} data-testid="verify-signature">
      <Title order={3} size="h5">
        {t('signature.heading')}
      </Title>
      {summary ? (
        <List size="sm" spacing={4} center>
          <CheckLine isGood={summary.isIntact}>
            {t(summary.isIntact ? 'signature.valid' : 'signature.invalid')}
          </CheckLine>
          <CheckLine isGood={summary.coversWholeFile}>
            {t(summary.coversWholeFile ? 'signature.wholeFile' : 'signature.notWholeFile')}
          </CheckLine>
          <List.Item icon={<span style={{ display: 'inline-block', width: 22 }} />}>
            {t('signature.signedBy', { signer: summary.signer, issuer: summary.issuer })}
            {summary.signedAt && <> {t('signature.signedAt', { date: formatDateTime(summary.signedAt) })}</>}
          </List.Item>
        </List>
      ) : (
        <Text size="sm">{t('signature.none')}</Text>
      )}
    </Stack>
  );
}

/** An unknown file that is signed all the same: say by whom, and that Mohar does not stand behind it. */
function ForeignSignature({ signature }: { signature: PdfSignature }) {
  const { t } = useTranslation('verify');
  const { signer, issuer } = summariseSignature(signature);
  return (
    <Text data-testid="verify-foreign-signature">
      {t('result.unknown.foreignSignature', { signer, issuer })}
    </Text>
  );
}

/**
 * The answer to "is this file what it says it is?": genuine (green), changed (red, with what it claims to be) or
 * unknown (neutral). It takes focus when it appears, so a screen reader reads it and the page scrolls to it.
 * `expectedCode`: on /verify/:code, the code the reader opened, so a genuine file of another document is pointed out.
 */
export function VerifyResult(props: { result: VerifyResultData; expectedCode?: string | null }) {
  const { t } = useTranslation('verify');
  const { result, details, signature } = props.result;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const tone = TONES[result];
  const isOtherDocument =
    result === 'genuine' && details && props.expectedCode && details.code !== props.expectedCode;

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      className={classes.panel}
      data-tone={result}
      component="section"
      aria-labelledby="verify-result-heading"
      data-testid="verify-result"
      data-result={result}
    >
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="center">
          <ThemeIcon color={tone.color} variant="filled" size={40} radius="xl">
            <tone.Icon size={24} aria-hidden="true" />
          </ThemeIcon>
          <Title
            order={2}
            size="h3"
            id="verify-result-heading"
            ref={headingRef}
            tabIndex={-1}
            className={classes.heading}
            data-testid="verify-result-title"
          >
            {t(`result.${result}.title`)}
          </Title>
        </Group>
        <Text>{t(`result.${result}.body`)}</Text>
        {isOtherDocument && (
          <Alert color="yellow" variant="light" icon={<CircleAlert size={18} aria-hidden="true" />}>
            {t('result.otherDocument', { code: props.expectedCode })}
          </Alert>
        )}
        {result === 'changed' && (
          <Text fw={600} data-testid="verify-ask-original">
            {t('result.changed.ask')}
          </Text>
        )}
        {result === 'unknown' && signature && <ForeignSignature signature={signature} />}
        {details && (
          <Stack gap={6}>
            <Title order={3} size="h5">
              {t(result === 'changed' ? 'result.changed.claims' : 'details.heading')}
            </Title>
            <VerificationDetailsList details={details} testId="verify-details" />
          </Stack>
        )}
        {result !== 'unknown' && <SignatureCheck signature={signature} />}
      </Stack>
    </Paper>
  );
}
