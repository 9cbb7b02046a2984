import {
  Badge,
  Button,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import type { IdentityDocumentKind, SessionParticipant } from '@mohar/contracts';
import { Check, ShieldAlert, ShieldCheck, VideoOff, X } from 'lucide-react';
import { memo, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { ReasonDialog } from '@/components/reason-dialog';
import { failureMessage } from '@/lib/api-errors';
import { formatDateTime } from '@/lib/format';
import { type ProtectedFile, useProtectedFile } from '@/lib/use-protected-file';
import {
  IDENTITY_NOTE_MAX,
  identityFilePath,
  notConfirmedNoteSchema,
  useDecideIdentity,
} from '../api/session';
import { useLatch } from '../hooks/use-latch';
import {
  captionKey,
  decisionKey,
  documentKey,
  identityDocuments,
  isQrVerified,
  maskedAadhaar,
  mismatchKeys,
  qrOutcomeKey,
} from '../lib/identity-text';
import classes from './panels.module.css';

export type IdentityCardProps = {
  applicationId: string;
  participant: SessionParticipant;
  signatoryId: string;
  /** The signatory's live camera in the call; null while they are not connected. */
  stream: MediaStream | null;
  canDecide: boolean;
  cannotDecideReason?: string;
  onDecided: () => void;
};

const DECISION_COLOR = { pending: 'gray', confirmed: 'green', not_confirmed: 'red' } as const;

type Enlarged = IdentityDocumentKind | 'compare' | null;

/**
 * An identity image for the notary, fetched again on "Try again" (a new version of the same path). Not before
 * `isWanted` (shown as loading until then).
 */
function useIdentityFile(options: {
  applicationId: string;
  signatoryId: string;
  kind: IdentityDocumentKind;
  isSent: boolean;
  isWanted: boolean;
}) {
  const [attempt, setAttempt] = useState(0);
  const path = options.isSent && options.isWanted ? identityFilePath(options) : null;
  const file = useProtectedFile(path, String(attempt));
  const waiting: ProtectedFile = { state: 'loading' };
  return {
    file: options.isSent && !options.isWanted ? waiting : file,
    retry: () => setAttempt((n) => n + 1),
  };
}

/**
 * The card's images are read once the signatory's live picture shows on the card, or this long after the card
 * appeared. Read at once, the six images of a two-signatory call (each decrypted and its reading logged) reached
 * the server exactly while the notary joined and the connections were negotiated, and their decoding took the
 * notary's page in that moment too; the check itself needs the person in the call (decision 0027). Read when the
 * connection was up, they still fell between the connection and its first picture, the last step of the way in
 * (decision 0036).
 */
const IMAGES_WITHOUT_PICTURE_MS = 8_000;

/** A <video> showing a live MediaStream, muted (the call plays the sound once, elsewhere). */
function LiveVideo(props: {
  stream: MediaStream | null;
  label: string;
  className?: string;
  /** The first frame of this stream shown. */
  onPicture?: () => void;
}) {
  const ref = useRef<HTMLVideoElement | null>(null);
  const { stream } = props;
  const onPicture = useRef(props.onPicture);
  onPicture.current = props.onPicture;
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.srcObject = stream;
    if (stream) void video.play().catch(() => {});
    const shown = () => onPicture.current?.();
    if (stream && 'requestVideoFrameCallback' in video) video.requestVideoFrameCallback(shown);
    else if (stream) video.addEventListener('loadeddata', shown, { once: true });
    return () => {
      video.removeEventListener('loadeddata', shown);
      if (video.srcObject === stream) video.srcObject = null;
    };
  }, [stream]);
  return (
    <video
      ref={ref}
      className={props.className ?? classes.video}
      data-hidden={!stream}
      autoPlay
      playsInline
      muted
      aria-label={props.label}
    />
  );
}

function LiveFrame(props: {
  stream: MediaStream | null;
  name: string;
  className?: string;
  onPicture?: () => void;
}) {
  const { t } = useTranslation('call-panels');
  return (
    <span className={`${classes.frame} ${props.className ?? ''}`}>
      <LiveVideo
        stream={props.stream}
        label={t('identity.liveAlt', { name: props.name })}
        onPicture={props.onPicture}
      />
      {!props.stream && (
        <span className={classes.overlay}>
          <VideoOff size={18} aria-hidden="true" />
          {t('identity.notConnected')}
        </span>
      )}
    </span>
  );
}

function ImageTile(props: {
  kind: IdentityDocumentKind;
  isSent: boolean;
  file: ProtectedFile;
  name: string;
  onRetry: () => void;
  onOpen: () => void;
}) {
  const { t } = useTranslation('call-panels');
  const what = t(documentKey(props.kind));
  const caption = (
    <Text component="span" className={classes.caption}>
      {t(captionKey(props.kind))}
    </Text>
  );
  const { file } = props;

  if (!props.isSent || file.state === 'idle') {
    return (
      <div className={classes.tile} data-testid={`identity-image-${props.kind}`} data-state="not-sent">
        <span className={`${classes.frame} ${classes.frameEmpty}`}>
          <Text component="span" size="xs" c="dimmed">
            {t('identity.notSent')}
          </Text>
        </span>
        {caption}
      </div>
    );
  }
  if (file.state === 'loading') {
    return (
      <div className={classes.tile} data-testid={`identity-image-${props.kind}`} data-state="loading">
        <Skeleton className={classes.frame} radius="sm" />
        <VisuallyHidden>{t('identity.loadingImage', { what })}</VisuallyHidden>
        {caption}
      </div>
    );
  }
  if (file.state === 'error') {
    return (
      <div className={classes.tile} data-testid={`identity-image-${props.kind}`} data-state="error">
        <span className={`${classes.frame} ${classes.frameEmpty}`}>
          <Stack gap={2} align="center">
            <Text component="span" size="xs" c="var(--mantine-color-error)">
              {t('identity.imageFailed')}
            </Text>
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={props.onRetry}
              aria-label={`${t('identity.retryImage')}: ${what}`}
            >
              {t('identity.retryImage')}
            </Button>
          </Stack>
        </span>
        {caption}
      </div>
    );
  }
  return (
    <div className={classes.tile} data-testid={`identity-image-${props.kind}`} data-state="ready">
      <UnstyledButton
        className={classes.thumbButton}
        onClick={props.onOpen}
        aria-label={t('identity.openImage', { what, name: props.name })}
      >
        <span className={classes.frame}>
          <img
            className={classes.image}
            src={file.url}
            alt={t('identity.imageAlt', { what, name: props.name })}
          />
        </span>
      </UnstyledButton>
      {caption}
    </div>
  );
}

function EnlargedImage(props: { file: ProtectedFile; alt: string }) {
  const { t } = useTranslation('call-panels');
  if (props.file.state === 'ready')
    return <img className={classes.enlarged} src={props.file.url} alt={props.alt} />;
  if (props.file.state === 'loading') return <Skeleton className={classes.compareFrame} radius="sm" />;
  return (
    <Text size="sm" c="dimmed">
      {props.file.state === 'error' ? t('identity.imageFailed') : t('identity.notSent')}
    </Text>
  );
}

function QrSummary(props: { evidence: NonNullable<SessionParticipant['evidence']> }) {
  const { t, i18n } = useTranslation('call-panels');
  const { evidence } = props;
  const isVerified = isQrVerified(evidence.qrOutcome);
  const masked = maskedAadhaar(evidence.aadhaarMasked);
  const fields = mismatchKeys(evidence.mismatches).map((key) => t(key));
  const list = new Intl.ListFormat(i18n.resolvedLanguage ?? 'en', { style: 'long', type: 'conjunction' });
  const Icon = isVerified ? ShieldCheck : ShieldAlert;
  return (
    <div className={classes.qr} data-testid="identity-qr" data-outcome={evidence.qrOutcome ?? 'none'}>
      <Icon size={18} className={classes.qrIcon} data-verified={isVerified} aria-hidden="true" />
      <Stack gap={2}>
        <Text size="sm">
          <VisuallyHidden>{t('identity.qrLabel')}: </VisuallyHidden>
          {t(qrOutcomeKey(evidence.qrOutcome))}
        </Text>
        {fields.length > 0 && (
          <Text size="sm" fw={600}>
            {t('identity.mismatches', { fields: list.format(fields) })}
          </Text>
        )}
        {masked && (
          <Text size="sm" className={classes.numeric}>
            {t('identity.aadhaarMasked', { masked })}
          </Text>
        )}
      </Stack>
    </div>
  );
}

/**
 * One signatory, for the notary: the decision so far, what the portal's Aadhaar check found, the card and selfie
 * beside the live camera, and the two decisions. "Not confirmed" needs a note, which goes into the session record.
 * Memoised: it renders again only when its own props changed (decision 0036).
 */
export const IdentityCard = memo(function IdentityCard(props: IdentityCardProps) {
  const { t } = useTranslation('call-panels');
  const { participant, signatoryId, applicationId } = props;
  const { name, identity, evidence } = participant;
  const nameId = useId();
  const reasonId = useId();
  const [enlarged, setEnlarged] = useState<Enlarged>(null);
  const [isNoteOpen, setIsNoteOpen] = useState(false);
  // A fresh dialog (empty note) each time it opens.
  const [noteDialogKey, setNoteDialogKey] = useState(0);
  const decide = useDecideIdentity(applicationId);

  const documents = identityDocuments(evidence?.documents ?? []);
  const isSent = (kind: IdentityDocumentKind) => documents.some((d) => d.kind === kind && d.isSent);
  const [hasPicture, setHasPicture] = useState(false);
  const isWanted = useLatch(hasPicture, IMAGES_WITHOUT_PICTURE_MS);
  const front = useIdentityFile({
    applicationId,
    signatoryId,
    kind: 'aadhaar_front',
    isSent: isSent('aadhaar_front'),
    isWanted,
  });
  const back = useIdentityFile({
    applicationId,
    signatoryId,
    kind: 'aadhaar_back',
    isSent: isSent('aadhaar_back'),
    isWanted,
  });
  const selfie = useIdentityFile({
    applicationId,
    signatoryId,
    kind: 'selfie',
    isSent: isSent('selfie'),
    isWanted,
  });
  const files = { aadhaar_front: front, aadhaar_back: back, selfie } as const;

  const status = identity?.decision ?? 'pending';
  const failure = decide.error ? failureMessage(decide.error, t('identity.decideFailed')) : null;
  const pendingDecision = decide.isPending ? decide.variables?.body.decision : undefined;
  const isLocked = !props.canDecide || decide.isPending;
  const alt = (kind: IdentityDocumentKind) => t('identity.imageAlt', { what: t(documentKey(kind)), name });

  const onConfirm = () => {
    if (isLocked) return;
    decide.mutate({ signatoryId, body: { decision: 'confirmed' } }, { onSuccess: () => props.onDecided() });
  };

  const onOpenNote = () => {
    if (isLocked) return;
    decide.reset();
    setNoteDialogKey((n) => n + 1);
    setIsNoteOpen(true);
  };

  const onNotConfirmed = (note: string) => {
    decide.mutate(
      { signatoryId, body: { decision: 'not_confirmed', note } },
      {
        onSuccess: () => {
          setIsNoteOpen(false);
          props.onDecided();
        },
      },
    );
  };

  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      p="sm"
      className={classes.card}
      aria-labelledby={nameId}
      data-decision={status}
      data-testid="identity-card"
      data-signatory={signatoryId}
    >
      <Stack gap="sm">
        <div className={classes.cardHeader}>
          <Title order={3} size="h5" id={nameId} className={classes.name}>
            {name}
          </Title>
          <Badge
            color={DECISION_COLOR[status]}
            variant="light"
            leftSection={
              status === 'confirmed' ? (
                <Check size={12} aria-hidden="true" />
              ) : status === 'not_confirmed' ? (
                <X size={12} aria-hidden="true" />
              ) : undefined
            }
            data-testid="identity-status"
          >
            {t(decisionKey(identity))}
          </Badge>
        </div>

        {identity && (
          <Stack gap={2}>
            {identity.note && (
              <Text size="sm" className={classes.wrap} data-testid="identity-note">
                {t('identity.note', { note: identity.note })}
              </Text>
            )}
            <Text size="xs" c="dimmed" className={classes.numeric}>
              {t('identity.decidedAt', { time: formatDateTime(identity.decidedAt) })}
            </Text>
          </Stack>
        )}

        {evidence ? (
          <QrSummary evidence={evidence} />
        ) : (
          <Text size="sm" c="dimmed" data-testid="identity-no-evidence">
            {t('identity.noEvidence')}
          </Text>
        )}

        <div className={classes.media}>
          {documents.map((document) => (
            <ImageTile
              key={document.kind}
              kind={document.kind}
              isSent={document.isSent}
              file={files[document.kind].file}
              name={name}
              onRetry={files[document.kind].retry}
              onOpen={() => setEnlarged(document.kind)}
            />
          ))}
          <Text size="xs" c="dimmed" className={classes.mediaHint}>
            {t('identity.compareNote')}
          </Text>
          <div className={`${classes.tile} ${classes.liveTile}`} data-testid="identity-live">
            <UnstyledButton
              className={classes.thumbButton}
              onClick={() => setEnlarged('compare')}
              aria-label={t('identity.openLive', { name })}
            >
              <LiveFrame stream={props.stream} name={name} onPicture={() => setHasPicture(true)} />
            </UnstyledButton>
            <Text component="span" className={classes.caption}>
              {t('identity.live')}
            </Text>
          </div>
        </div>

        <Stack gap="xs">
          {failure && !isNoteOpen && (
            <FormAlert tone="error" data-testid="identity-decide-error">
              {failure}
            </FormAlert>
          )}
          <div className={classes.actions}>
            <Button
              leftSection={<Check size={16} aria-hidden="true" />}
              disabled={!props.canDecide || (decide.isPending && pendingDecision !== 'confirmed')}
              loading={pendingDecision === 'confirmed'}
              aria-describedby={props.canDecide ? undefined : reasonId}
              onClick={onConfirm}
              data-testid="identity-confirm"
            >
              {t('identity.confirm')}
            </Button>
            <Button
              variant="default"
              leftSection={<X size={16} aria-hidden="true" />}
              disabled={!props.canDecide || (decide.isPending && pendingDecision !== 'not_confirmed')}
              loading={pendingDecision === 'not_confirmed' && !isNoteOpen}
              aria-describedby={props.canDecide ? undefined : reasonId}
              onClick={onOpenNote}
              data-testid="identity-not-confirm"
            >
              {t('identity.notConfirm')}
            </Button>
          </div>
          {!props.canDecide && (
            <Text size="sm" c="dimmed" id={reasonId} data-testid="identity-cannot-decide">
              {props.cannotDecideReason ?? t('identity.cannotDecide')}
            </Text>
          )}
        </Stack>
      </Stack>

      <Modal
        opened={enlarged !== null && enlarged !== 'compare'}
        onClose={() => setEnlarged(null)}
        title={enlarged && enlarged !== 'compare' ? alt(enlarged) : ''}
        size="xl"
        centered
        closeButtonProps={{ 'aria-label': t('identity.close') }}
      >
        {enlarged && enlarged !== 'compare' && (
          <EnlargedImage file={files[enlarged].file} alt={alt(enlarged)} />
        )}
      </Modal>

      <Modal
        opened={enlarged === 'compare'}
        onClose={() => setEnlarged(null)}
        title={t('identity.compareTitle', { name })}
        size="xl"
        centered
        closeButtonProps={{ 'aria-label': t('identity.close') }}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('identity.compareHint')}
          </Text>
          <div className={classes.compare}>
            <figure className={classes.tile}>
              <LiveFrame stream={props.stream} name={name} className={classes.compareFrame} />
              <Text component="figcaption" className={classes.caption}>
                {t('identity.live')}
              </Text>
            </figure>
            {(['selfie', 'aadhaar_front'] as const).map((kind) => (
              <figure key={kind} className={classes.tile}>
                <EnlargedImage file={files[kind].file} alt={alt(kind)} />
                <Text component="figcaption" className={classes.caption}>
                  {t(documentKey(kind))}
                </Text>
              </figure>
            ))}
          </div>
        </Stack>
      </Modal>

      <ReasonDialog
        key={noteDialogKey}
        opened={isNoteOpen}
        title={t('identity.notConfirmedDialog.title', { name })}
        intro={<Text size="sm">{t('identity.notConfirmedDialog.intro')}</Text>}
        label={t('identity.notConfirmedDialog.label')}
        hint={t('identity.notConfirmedDialog.hint', { max: IDENTITY_NOTE_MAX })}
        schema={notConfirmedNoteSchema}
        translateIssue={({ code }) =>
          code === 'too_big'
            ? t('identity.notConfirmedDialog.tooLong', { max: IDENTITY_NOTE_MAX })
            : t('identity.notConfirmedDialog.tooShort')
        }
        fallback={t('identity.notConfirmedDialog.tooShort')}
        cancelLabel={t('identity.notConfirmedDialog.cancel')}
        confirmLabel={t('identity.notConfirmedDialog.confirm')}
        closeLabel={t('identity.notConfirmedDialog.close')}
        isPending={decide.isPending}
        failure={isNoteOpen ? failure : null}
        testIds={{
          form: 'identity-note-dialog',
          field: 'identity-note-field',
          confirm: 'identity-note-confirm',
        }}
        onConfirm={onNotConfirmed}
        onClose={() => setIsNoteOpen(false)}
      />
    </Paper>
  );
});
