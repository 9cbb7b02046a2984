import { Badge, Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import type { IdentityDocumentKind } from '@mohar/contracts';
import { Camera, Upload } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { failureMessage } from '@/lib/api-errors';
import { useUploadIdentityImage } from '../api/identity';
import type { CameraFacing } from '../hooks/use-camera';
import {
  maskedJpeg,
  PdfPasswordError,
  PHOTO_MAX_BYTES,
  type Photo,
  photoFromFile,
  UnreadableFileError,
} from '../lib/photo';
import type { Box } from '../lib/redaction';
import { CameraDialog } from './camera-dialog';
import classes from './identity.module.css';
import { MaskDialog } from './mask-dialog';
import { PdfPasswordDialog } from './pdf-password-dialog';

type Picked = { photo: Photo; id: number; qrText?: string };

/**
 * One identity image: taken with the camera or chosen from the device, optionally masked, then sent. What is sent
 * is always the picture as redrawn in the browser (a fresh JPEG), never the file as chosen.
 */
export function IdentitySlot(props: {
  token: string;
  kind: IdentityDocumentKind;
  title: string;
  hint: string;
  facing: CameraFacing;
  /** Offer the masking tool before sending (the card), or send as taken (the selfie). */
  isMasked: boolean;
  acceptsPdf: boolean;
  /** The camera looks for the Secure QR and takes the photo when it finds one. */
  scansQr?: boolean;
  uploadedAt: string | undefined;
  children?: ReactNode;
}) {
  const { t } = useTranslation('portal');
  const upload = useUploadIdentityImage(props.token);
  const [isCameraOpen, setIsCameraOpen] = useState(false);
  const [picked, setPicked] = useState<Picked | null>(null);
  const [lockedPdf, setLockedPdf] = useState<{ file: File; isWrong: boolean } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const resetFileRef = useRef<() => void>(null);
  // The button that started the camera or the file pick, focused again once its dialogs are gone: the masking tool and
  // the PDF password are mounted open (Mantine gives focus back only to a dialog it saw opening) and unmounted when done.
  const openerRef = useRef<HTMLElement | null>(null);
  const isDialogOpen = isCameraOpen || picked !== null || lockedPdf !== null;
  useEffect(() => {
    const opener = openerRef.current;
    if (isDialogOpen || !opener) return;
    // After Mantine's own return (10 ms) and only if nothing else took the focus meanwhile.
    const timer = window.setTimeout(() => {
      if (!document.activeElement || document.activeElement === document.body) opener.focus();
      openerRef.current = null;
    }, 20);
    return () => window.clearTimeout(timer);
  }, [isDialogOpen]);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const send = async (photo: Photo, boxes: Box[], qrText?: string) => {
    setFailure(null);
    try {
      const image = await maskedJpeg(photo, boxes);
      setProgress(0);
      await upload.mutateAsync({
        kind: props.kind,
        image,
        fileName: `${props.kind}.jpg`,
        qrText,
        onProgress: setProgress,
      });
      setPreview(URL.createObjectURL(image));
      setPicked(null);
    } catch (error) {
      setFailure(failureMessage(error, t('identity.uploadFailed')));
    } finally {
      setProgress(null);
    }
  };

  const use = (photo: Photo, qrText?: string) => {
    setIsCameraOpen(false);
    if (props.isMasked) setPicked({ photo, id: Date.now(), qrText });
    else void send(photo, [], qrText);
  };

  const open = async (file: File | null, password?: string) => {
    // The same file can be chosen again (after cancelling the masking tool, say).
    resetFileRef.current?.();
    if (!file) return;
    setFailure(null);
    if (file.size > PHOTO_MAX_BYTES) {
      setFailure(t('identity.tooLarge'));
      return;
    }
    try {
      use(await photoFromFile(file, { password }));
      setLockedPdf(null);
    } catch (error) {
      if (error instanceof PdfPasswordError) setLockedPdf({ file, isWrong: error.isWrongPassword });
      else
        setFailure(
          t(error instanceof UnreadableFileError ? 'identity.unreadableFile' : 'identity.uploadFailed'),
        );
    }
  };

  const isBusy = upload.isPending || progress !== null;
  const isDone = Boolean(props.uploadedAt);
  return (
    <Stack gap="xs" data-testid="identity-slot" data-kind={props.kind} data-uploaded={isDone}>
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Text fw={600} size="sm">
          {props.title}
        </Text>
        <Badge color={isDone ? 'green' : 'gray'} variant="light">
          {t(isDone ? 'identity.added' : 'identity.notAdded')}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed">
        {props.hint}
      </Text>
      {preview && (
        <img
          src={preview}
          alt={t('identity.sentPreview', { what: props.title })}
          className={classes.thumbnail}
        />
      )}
      {progress !== null && (
        <Progress value={progress * 100} size="sm" aria-label={t('identity.sending')} animated />
      )}
      {failure && (
        <FormAlert tone="error" data-testid="identity-error">
          {failure}
        </FormAlert>
      )}
      {props.children}
      <Group gap="xs">
        <Button
          size="sm"
          variant={isDone ? 'default' : 'filled'}
          leftSection={<Camera size={16} />}
          onClick={(event) => {
            openerRef.current = event.currentTarget;
            setIsCameraOpen(true);
          }}
          disabled={isBusy}
          data-testid="identity-camera"
        >
          {t(isDone ? 'identity.retake' : 'identity.takePhoto')}
        </Button>
        <FileButton
          resetRef={resetFileRef}
          onChange={(file) => void open(file)}
          accept={props.acceptsPdf ? 'image/jpeg,image/png,application/pdf' : 'image/jpeg,image/png'}
        >
          {(buttonProps) => (
            <Button
              {...buttonProps}
              onClick={(event) => {
                openerRef.current = event.currentTarget;
                buttonProps.onClick();
              }}
              size="sm"
              variant="default"
              leftSection={<Upload size={16} />}
              disabled={isBusy}
              data-testid="identity-file"
            >
              {t(props.acceptsPdf ? 'identity.chooseFileOrPdf' : 'identity.chooseFile')}
            </Button>
          )}
        </FileButton>
      </Group>
      <CameraDialog
        opened={isCameraOpen}
        facing={props.facing}
        scansQr={props.scansQr}
        title={props.title}
        hint={props.hint}
        onClose={() => setIsCameraOpen(false)}
        onCapture={use}
      />
      {picked && (
        <MaskDialog
          key={picked.id}
          photo={picked.photo}
          title={t('identity.mask.title', { what: props.title })}
          hint={t('identity.mask.hint')}
          isSending={isBusy}
          onClose={() => setPicked(null)}
          onSend={(boxes) => void send(picked.photo, boxes, picked.qrText)}
        />
      )}
      {lockedPdf && (
        <PdfPasswordDialog
          isWrong={lockedPdf.isWrong}
          onClose={() => setLockedPdf(null)}
          onUnlock={(password) => void open(lockedPdf.file, password)}
        />
      )}
    </Stack>
  );
}
