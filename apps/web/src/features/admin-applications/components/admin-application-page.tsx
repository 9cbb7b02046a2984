import { Anchor, Badge, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { AdminApplicationDetail } from '@mohar/contracts';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApplicationStatusBadge } from '@/components/application/application-status-badge';
import { DefinitionGrid } from '@/components/definition-grid';
import classes from '@/components/list-styles.module.css';
import { PageLoader } from '@/components/page-loader';
import { LoadFailure } from '@/components/query-states';
import { SectionPanel } from '@/components/section-panel';
import { paths } from '@/config/paths';
import { failureMessage, hasErrorCode } from '@/lib/api-errors';
import { formatDateTime, formatInr } from '@/lib/format';
import { statusReasonText } from '@/lib/status-reason';
import { useAdminApplication } from '../api/get-admin-application';
import { RecordingBadge, SealBadge } from './session-badges';
import { StuckBadge } from './stuck-badge';

function Section(props: { id: string; title: string; children: ReactNode; testId?: string }) {
  return (
    <SectionPanel labelledBy={props.id} testId={props.testId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={props.id}>
          {props.title}
        </Title>
        {props.children}
      </Stack>
    </SectionPanel>
  );
}

function SignatoriesSection({ detail }: { detail: AdminApplicationDetail }) {
  const { t } = useTranslation('admin-applications');
  const { t: tApp } = useTranslation('applications');
  const { signatories } = detail.application;
  return (
    <Section id="signatories-heading" title={t('detail.signatories')} testId="admin-application-signatories">
      {signatories.length === 0 ? (
        <Text size="sm">{tApp('signatories.none')}</Text>
      ) : (
        <Stack component="ul" gap="xs" className={classes.plainList}>
          {signatories.map((s) => (
            <li key={s._id}>
              <Text fw={600}>{s.fullName}</Text>
              <Text size="sm" c="dimmed" className={classes.breakAnywhere}>
                {tApp(`signatories.roles.${s.role}`)} · {s.email}
              </Text>
              <Group gap={6} mt={4}>
                <Badge variant="light" color="gray">
                  {tApp(`signatories.progress.${s.progress}`)}
                </Badge>
                {s.act.identity && (
                  <Badge variant="light" color={s.act.identity === 'confirmed' ? 'green' : 'red'}>
                    {t(`detail.identity.${s.act.identity}`)}
                  </Badge>
                )}
                {s.act.signedAt && (
                  <Badge variant="light" color="green">
                    {t('detail.signedAt', { date: formatDateTime(s.act.signedAt) })}
                  </Badge>
                )}
              </Group>
            </li>
          ))}
        </Stack>
      )}
    </Section>
  );
}

function PaymentsSection({ detail }: { detail: AdminApplicationDetail }) {
  const { t } = useTranslation('admin-applications');
  return (
    <Section id="payments-heading" title={t('detail.payments')} testId="admin-application-payments">
      {detail.payments.length === 0 ? (
        <Text size="sm">{t('detail.noPayments')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('detail.paymentColumns.when')}</Table.Th>
                <Table.Th scope="col">{t('detail.paymentColumns.how')}</Table.Th>
                <Table.Th scope="col">{t('detail.paymentColumns.amount')}</Table.Th>
                <Table.Th scope="col">{t('detail.paymentColumns.state')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {detail.payments.map((p) => (
                <Table.Tr key={p._id}>
                  <Table.Td className={classes.tabular}>{formatDateTime(p.paidAt ?? p.createdAt)}</Table.Td>
                  <Table.Td>{t(`detail.providers.${p.provider}`)}</Table.Td>
                  <Table.Td className={classes.tabular}>{formatInr(p.amountPaise)}</Table.Td>
                  <Table.Td>{t(`detail.paymentStates.${p.status}`)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}

function SessionSection({ detail }: { detail: AdminApplicationDetail }) {
  const { t } = useTranslation('admin-applications');
  const { present, recording } = detail.session;
  const isLive = detail.application.status === 'in_session';
  return (
    <Section id="session-heading" title={t('detail.session')} testId="admin-application-session">
      <DefinitionGrid
        rows={[
          [
            t('sessions.present'),
            isLive
              ? present.length > 0
                ? present.map((p) => `${p.name} (${t(`sessions.roles.${p.role}`)})`).join(', ')
                : t('sessions.nobody')
              : t('detail.notLive'),
          ],
          [t('sessions.recording'), t(`recording.${recording.state}`)],
        ]}
      />
      <Group gap="sm">
        <RecordingBadge state={recording.state} />
        {detail.seal && <SealBadge status={detail.seal.status} />}
      </Group>
      {detail.seal && (
        <Text size="sm" data-testid="admin-application-seal">
          {t('seals.attempts', { count: detail.seal.attempts })}
          {detail.seal.lastError ? ` · ${detail.seal.lastError}` : ''}
        </Text>
      )}
      {detail.seal?.status === 'failed' && isLive && (
        <Anchor component={Link} to={paths.admin.sessions({ section: 'failedSeals' })} size="sm">
          {t('detail.retryThere')}
        </Anchor>
      )}
    </Section>
  );
}

type TimelineItem = { at: string; key: string; text: string };

function TimelineSection({ detail }: { detail: AdminApplicationDetail }) {
  const { t } = useTranslation('admin-applications');
  const { t: tApp } = useTranslation('applications');
  const items: TimelineItem[] = [
    ...detail.statusEvents.map((e) => {
      const reason = statusReasonText(e, tApp);
      return {
        at: e.createdAt,
        key: `s-${e._id}`,
        text: [
          tApp(`status.${e.toStatus}`),
          e.actorName ? tApp('timeline.by', { name: e.actorName }) : '',
          reason ? tApp('timeline.reason', { reason }) : '',
        ]
          .filter(Boolean)
          .join(' · '),
      };
    }),
    ...detail.sessionEvents.map((e) => ({
      at: e.createdAt,
      key: `e-${e._id}`,
      text: tApp(`timeline.session.${e.kind}`, {
        actor: e.actorName ?? t('detail.someone'),
        subject: e.subjectName ?? t('detail.someone'),
      }),
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return (
    <Section id="timeline-heading" title={t('detail.timeline')} testId="admin-application-timeline">
      {items.length === 0 ? (
        <Text size="sm">{tApp('timeline.empty')}</Text>
      ) : (
        <Stack component="ol" gap={6} className={classes.plainList}>
          {items.map((item) => (
            <li key={item.key}>
              <Text size="xs" c="dimmed" className={classes.tabular}>
                {formatDateTime(item.at)}
              </Text>
              <Text size="sm">{item.text}</Text>
            </li>
          ))}
        </Stack>
      )}
    </Section>
  );
}

/** /admin/applications/:id — one application for support: people, money, the session and seal, everything that happened. */
export function AdminApplicationPage() {
  const { t } = useTranslation('admin-applications');
  const { t: tApp } = useTranslation('applications');
  const { id = '' } = useParams();
  const query = useAdminApplication(id);
  const back = (
    <Anchor component={Link} to={paths.admin.applications()} size="sm">
      <Group gap={4} component="span">
        <ArrowLeft size={16} aria-hidden="true" />
        {t('detail.back')}
      </Group>
    </Anchor>
  );
  if (!query.isSuccess) {
    const isMissing =
      hasErrorCode(query.error, 'applications.not_found') || hasErrorCode(query.error, 'request.not_found');
    return (
      <Stack gap="md">
        <title>{`${t('title')} · Mohar`}</title>
        {back}
        {query.isPending ? (
          <PageLoader />
        ) : (
          <LoadFailure
            title={t('detail.failed')}
            message={isMissing ? t('detail.notFound') : failureMessage(query.error, t('detail.failed'))}
            retryLabel={t('retry')}
            onRetry={isMissing ? undefined : () => void query.refetch()}
          />
        )}
      </Stack>
    );
  }
  const detail = query.data;
  const { application } = detail;
  const title = application.title ?? t('list.untitled');
  return (
    <Stack gap="md">
      <title>{`${title} · ${t('title')} · Mohar`}</title>
      {back}
      <Stack gap={4}>
        <Title order={1} data-testid="admin-application-title">
          {title}
        </Title>
        <Group gap={6}>
          <ApplicationStatusBadge status={application.status} />
          <StuckBadge reason={detail.stuck} />
          <Text size="sm" c="dimmed">
            {t('list.since', { date: formatDateTime(detail.statusSince) })}
          </Text>
        </Group>
      </Stack>
      <Section id="summary-heading" title={t('detail.summary')}>
        <DefinitionGrid
          testId="admin-application-summary"
          rows={[
            [t('detail.client'), `${application.ownerName}\n${detail.ownerEmail}`],
            [t('list.columns.notary'), application.notary?.fullName ?? t('list.noNotary')],
            [
              t('detail.act'),
              application.notarialAct
                ? tApp(`notarialAct.${application.notarialAct}`)
                : t('detail.notChosen'),
            ],
            [t('list.columns.fee'), formatInr(application.fee.totalPaise)],
            [t('list.columns.made'), formatDateTime(application.createdAt)],
            [
              t('detail.submitted'),
              application.submittedAt ? formatDateTime(application.submittedAt) : t('detail.notSubmitted'),
            ],
          ]}
        />
        <Anchor component={Link} to={paths.applications.view(application._id)} size="sm">
          {t('detail.openView')}
        </Anchor>
      </Section>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <SignatoriesSection detail={detail} />
        <SessionSection detail={detail} />
        <PaymentsSection detail={detail} />
        <TimelineSection detail={detail} />
      </SimpleGrid>
    </Stack>
  );
}
