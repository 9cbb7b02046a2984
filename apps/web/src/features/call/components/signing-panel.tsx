import { ActionIcon, Button, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { SigningState } from '@mohar/contracts';
import { TIME_ZONE } from '@mohar/contracts/constants';
import type { TFunction } from 'i18next';
import { ArrowDown, ArrowUp, Check, Clock, PenLine, ShieldAlert, Signature } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import classes from './signing.module.css';

export type SigningPanelProps = {
  mode: 'notary' | 'signatory';
  /** The signing order; undefined while it loads. */
  state: SigningState | undefined;
  /** The signatory viewing the panel (signatory mode); null for the notary. */
  selfSignatoryId: string | null;
  /** False while signing cannot happen (for example, the recording is not running): Sign Document is disabled. */
  canAct: boolean;
  cannotActReason?: string;
  onSign: () => void;
  /** The notary's new order, every signatory's id from first to last. */
  onReorder?: (ids: string[]) => void;
  isReordering?: boolean;
};

type Row = SigningState['order'][number];
type RowStatus = 'signed' | 'current' | 'waiting' | 'not_confirmed';
type Direction = -1 | 1;

export function rowStatus(row: Row): RowStatus {
  if (row.signedAt) return 'signed';
  if (!row.isConfirmed) return 'not_confirmed';
  return row.isCurrent ? 'current' : 'waiting';
}

/**
 * The order with one signatory moved a place up (-1) or down (+1), as ids; null when that move is not allowed: at
 * an end, or across someone who has signed (the server refuses to move a signature that is already on the page).
 */
export function movedOrder(options: {
  order: readonly Row[];
  signatoryId: string;
  direction: Direction;
}): string[] | null {
  const { order, direction } = options;
  const index = order.findIndex((row) => row.signatoryId === options.signatoryId);
  const other = index + direction;
  const row = order[index];
  const neighbour = order[other];
  if (!row || !neighbour || row.signedAt || neighbour.signedAt) return null;
  const ids = order.map((r) => r.signatoryId);
  ids[index] = neighbour.signatoryId;
  ids[other] = row.signatoryId;
  return ids;
}

const clock = new Intl.DateTimeFormat('en-IN', {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** `14:05`, in IST: the act is performed under Indian law, whatever the viewer's own time zone. */
function signedTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : clock.format(date);
}

const STATUS_ICON = { signed: Check, current: PenLine, waiting: Clock, not_confirmed: ShieldAlert } as const;

/**
 * Who signs when in the live session. Everyone sees the order and whose turn it is; the signatory whose turn it is
 * (once the notary confirmed them) gets Sign Document; the notary can move those who have not signed yet.
 */
export function SigningPanel(props: SigningPanelProps) {
  const { t } = useTranslation('call-signing');
  const headingId = useId();
  const reasonId = useId();
  const { state, mode } = props;
  const isNotary = mode === 'notary';
  const order = state ? [...state.order].sort((a, b) => a.turn - b.turn) : [];

  // After a move the row's buttons are re-rendered in a new place: focus follows the row, and the move is announced.
  const buttons = useRef(new Map<string, HTMLButtonElement | null>());
  const moving = useRef<{ signatoryId: string; direction: Direction } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const isReordering = props.isReordering ?? false;
  useEffect(() => {
    const move = moving.current;
    if (!move || isReordering || !state) return;
    moving.current = null;
    const row = state.order.find((r) => r.signatoryId === move.signatoryId);
    if (row) setAnnouncement(t('panel.moved', { name: row.name, turn: row.turn }));
    const same = buttons.current.get(`${move.signatoryId}:${move.direction}`);
    const other = buttons.current.get(`${move.signatoryId}:${-move.direction}`);
    (same && !same.disabled ? same : other && !other.disabled ? other : null)?.focus();
  }, [state, isReordering, t]);

  const onMove = (signatoryId: string, direction: Direction) => {
    const ids = movedOrder({ order, signatoryId, direction });
    if (!ids || isReordering || !props.onReorder) return;
    moving.current = { signatoryId, direction };
    props.onReorder(ids);
  };

  const statusText = (row: Row) => {
    const status = rowStatus(row);
    return status === 'signed'
      ? t('panel.status.signed', { time: signedTime(row.signedAt ?? '') })
      : t(`panel.status.${status}`);
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId} data-testid="signing-panel">
      <Stack gap={4}>
        <Title order={2} size="h4" id={headingId}>
          {t('panel.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('panel.intro')}
        </Text>
      </Stack>

      {!state ? (
        <Stack gap="xs" data-testid="signing-loading">
          <VisuallyHidden role="status">{t('panel.loading')}</VisuallyHidden>
          <Skeleton height={52} radius="md" />
          <Skeleton height={52} radius="md" />
        </Stack>
      ) : order.length === 0 ? (
        <Text size="sm">{t('panel.empty')}</Text>
      ) : (
        <>
          {isNotary && !state.allSigned && props.onReorder && order.length > 1 && (
            <Text size="xs" c="dimmed">
              {t('panel.reorderHint')}
            </Text>
          )}
          <ol className={classes.order} aria-label={t('panel.orderLabel')} data-testid="signing-order">
            {order.map((row) => {
              const status = rowStatus(row);
              const Icon = STATUS_ICON[status];
              const isSelf = row.signatoryId === props.selfSignatoryId;
              const canMoveUp = movedOrder({ order, signatoryId: row.signatoryId, direction: -1 }) !== null;
              const canMoveDown = movedOrder({ order, signatoryId: row.signatoryId, direction: 1 }) !== null;
              return (
                <li
                  key={row.signatoryId}
                  className={classes.row}
                  data-current={row.isCurrent}
                  data-status={status}
                  aria-current={row.isCurrent ? 'step' : undefined}
                  data-testid="signing-row"
                  data-signatory={row.signatoryId}
                >
                  <span className={classes.turn} aria-hidden="true">
                    {row.turn}
                  </span>
                  <div className={classes.who}>
                    <Text component="span" size="sm" className={classes.name}>
                      <VisuallyHidden>{t('panel.turn', { turn: row.turn })}: </VisuallyHidden>
                      {row.name}
                      {isSelf && (
                        <Text component="span" size="sm" c="dimmed" fw={400}>
                          {' '}
                          ({t('panel.you')})
                        </Text>
                      )}
                    </Text>
                    <span className={classes.status} data-status={status} data-testid="signing-status">
                      <Icon size={14} aria-hidden="true" />
                      {statusText(row)}
                    </span>
                  </div>
                  {isNotary && props.onReorder && !row.signedAt && order.length > 1 && (
                    <div className={classes.moves}>
                      <ActionIcon
                        ref={(node) => {
                          buttons.current.set(`${row.signatoryId}:-1`, node);
                        }}
                        variant="subtle"
                        size="lg"
                        aria-label={t('panel.moveUp', { name: row.name })}
                        disabled={!canMoveUp || isReordering}
                        onClick={() => onMove(row.signatoryId, -1)}
                        data-testid="signing-move-up"
                      >
                        <ArrowUp size={18} aria-hidden="true" />
                      </ActionIcon>
                      <ActionIcon
                        ref={(node) => {
                          buttons.current.set(`${row.signatoryId}:1`, node);
                        }}
                        variant="subtle"
                        size="lg"
                        aria-label={t('panel.moveDown', { name: row.name })}
                        disabled={!canMoveDown || isReordering}
                        onClick={() => onMove(row.signatoryId, 1)}
                        data-testid="signing-move-down"
                      >
                        <ArrowDown size={18} aria-hidden="true" />
                      </ActionIcon>
                    </div>
                  )}
                </li>
              );
            })}
          </ol>
          <VisuallyHidden role="status" aria-live="polite">
            {announcement}
          </VisuallyHidden>
          <TurnAction {...props} state={state} order={order} reasonId={reasonId} />
        </>
      )}
    </Stack>
  );
}

/** Below the order: Sign Document for the signatory whose turn it is, else a sentence about whose turn it is. */
function TurnAction(props: SigningPanelProps & { state: SigningState; order: Row[]; reasonId: string }) {
  const { t } = useTranslation('call-signing');
  const { state, order } = props;
  const current = order.find((row) => row.isCurrent && !row.signedAt);
  const self = props.selfSignatoryId
    ? order.find((row) => row.signatoryId === props.selfSignatoryId)
    : undefined;

  if (state.allSigned)
    return (
      <FormAlert tone="success" data-testid="signing-all-signed">
        {props.mode === 'notary' ? t('panel.allSignedNotary') : t('panel.allSignedSignatory')}
      </FormAlert>
    );

  if (props.mode === 'signatory' && self && self.isCurrent && !self.signedAt && self.isConfirmed)
    return (
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {t('panel.yourTurn')}
        </Text>
        <Button
          size="lg"
          color="saffron.4"
          autoContrast
          className={classes.signButton}
          leftSection={<Signature size={20} aria-hidden="true" />}
          disabled={!props.canAct}
          aria-describedby={props.canAct ? undefined : props.reasonId}
          onClick={props.onSign}
          data-testid="sign-document"
        >
          {t('panel.signDocument')}
        </Button>
        {!props.canAct && (
          <Text size="sm" c="dimmed" id={props.reasonId} data-testid="signing-cannot-act">
            {props.cannotActReason ?? t('panel.cannotSign')}
          </Text>
        )}
      </Stack>
    );

  return (
    <Text size="sm" className={classes.wrap} data-testid="signing-turn-note">
      {turnSentence({ mode: props.mode, self, current, t })}
    </Text>
  );
}

function turnSentence(options: {
  mode: SigningPanelProps['mode'];
  self: Row | undefined;
  current: Row | undefined;
  t: TFunction<'call-signing'>;
}): string {
  const { self, current, t } = options;
  if (options.mode === 'notary') {
    if (!current) return t('panel.notStarted');
    return current.isConfirmed
      ? t('panel.notaryCurrent', { name: current.name })
      : t('panel.notaryCurrentNotConfirmed', { name: current.name });
  }
  if (self?.signedAt)
    return current ? t('panel.youSigned', { name: current.name }) : t('panel.youSignedWaiting');
  if (self?.isCurrent) return t('panel.yourTurnNotConfirmed');
  if (!current) return t('panel.notStarted');
  return self
    ? t('panel.otherTurn', { name: current.name, turn: self.turn })
    : t('panel.otherTurnNoSelf', { name: current.name });
}
