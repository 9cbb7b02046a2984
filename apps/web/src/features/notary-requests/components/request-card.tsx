import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { NotaryRequest } from '@mohar/contracts';
import { Check, Clock, FileText, Users, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTimeLeft, secondsUntil } from '@/lib/countdown';
import { formatDateTime } from '@/lib/format';
import { waitLengthOf } from '../lib/request-view';
import classes from './requests.module.css';

function Fact(props: { label: string; icon: ReactNode; children: ReactNode }) {
  return (
    <div className={classes.fact}>
      <dt className={classes.factLabel}>
        {props.icon}
        {props.label}
      </dt>
      <dd className={classes.factValue}>{props.children}</dd>
    </div>
  );
}

/** One request: what is to be notarised, by how many people, for whom, since when and until when; accept or decline. */
export function RequestCard(props: {
  request: NotaryRequest;
  now: number;
  isAccepting: boolean;
  isBusy: boolean;
  onAccept: () => void;
  onDecline: () => void;
}) {
  const { t } = useTranslation(['requests', 'applications']);
  const { request, now } = props;
  const headingId = `request-${request._id}`;
  const title = request.title ?? t('untitled');
  const documentType = request.documentType
    ? t(`applications:documentType.${request.documentType}`, { defaultValue: request.documentType })
    : t('notGiven');
  const notarialAct = request.notarialAct
    ? t(`applications:notarialAct.${request.notarialAct}`, { defaultValue: request.notarialAct })
    : t('notGiven');
  const wait = waitLengthOf({ since: request.createdAt, now });
  const waited =
    wait.unit === 'justNow'
      ? t('waitedJustNow')
      : wait.unit === 'minutes'
        ? t('waitedMinutes', { count: wait.count })
        : t('waitedHours', { count: wait.count });
  const isOpen = (secondsUntil(request.expiresAt, now) ?? 0) > 0;
  const expiryTime = formatDateTime(request.expiresAt);

  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      aria-labelledby={headingId}
      className={classes.card}
      data-for-me={request.isForMe}
      data-testid="notary-request"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <Stack gap={2} className={classes.heading}>
            <Title order={2} size="h4" id={headingId}>
              {documentType}
            </Title>
            <Text c="dimmed" size="sm" className={classes.wrap}>
              {title}
            </Text>
          </Stack>
          {request.isForMe ? (
            <Badge variant="filled" data-testid="notary-request-for-you">
              {t('forYou')}
            </Badge>
          ) : (
            <Badge variant="light" color="gray">
              {t('openToAll')}
            </Badge>
          )}
        </Group>
        <dl className={classes.facts}>
          <Fact label={t('notarialAct')} icon={<FileText size={14} aria-hidden="true" />}>
            {notarialAct}
          </Fact>
          <Fact label={t('signatories')} icon={<Users size={14} aria-hidden="true" />}>
            {t('signatoryCount', { count: request.signatoryCount })}
          </Fact>
          <Fact label={t('waiting')} icon={<Clock size={14} aria-hidden="true" />}>
            <time dateTime={request.createdAt}>{waited}</time>
          </Fact>
          <Fact label={t('expires')} icon={<Clock size={14} aria-hidden="true" />}>
            <time dateTime={request.expiresAt}>
              {isOpen
                ? t('expiresIn', { left: formatTimeLeft(t, request.expiresAt, now), time: expiryTime })
                : t('expiredAt', { time: expiryTime })}
            </time>
          </Fact>
        </dl>
        <div className={classes.actions}>
          <Button
            leftSection={<Check size={18} aria-hidden="true" />}
            loading={props.isAccepting}
            disabled={props.isBusy && !props.isAccepting}
            onClick={props.onAccept}
            aria-label={t('acceptLabel', { title })}
            data-testid="notary-request-accept"
          >
            {t('accept')}
          </Button>
          <Button
            variant="default"
            leftSection={<X size={18} aria-hidden="true" />}
            disabled={props.isBusy}
            onClick={props.onDecline}
            aria-label={t('declineLabel', { title })}
            data-testid="notary-request-decline"
          >
            {t('decline')}
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}
