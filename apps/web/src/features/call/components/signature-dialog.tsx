import '@fontsource/kalam/400.css';
import { Button, Checkbox, FileInput, Loader, Modal, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { SIGNING_DECLARATION, type SignatureMethod, signatureFields } from '@mohar/contracts';
import { ImageUp, PenLine, Type } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { failureMessage } from '@/lib/api-errors';
import { useContractForm } from '@/lib/use-contract-form';
import {
  drawTypedSignature,
  loadSignatureFont,
  type PreparedUpload,
  prepareUpload,
  SIGNATURE_FILE_TYPES,
  trimmedSignature,
} from '../lib/signature-image';
import { SignaturePad, type SignaturePadHandle } from './signature-pad';
import classes from './signing.module.css';

export type SignatureDialogChoice = { method: SignatureMethod; blob: Blob };

export type SignatureDialogProps = {
  opened: boolean;
  /** The signer's name: shown in the dialog and prefilled in the Type tab. */
  name: string;
  onClose: () => void;
  /**
   * Sends the signature. The dialog closes itself (through onClose) when this resolves; when it rejects, the error's
   * message (an ApiError carries the server's) is shown in the dialog and the signer can try again.
   */
  onSubmit: (choice: SignatureDialogChoice) => Promise<void>;
};

type Method = 'draw' | 'type' | 'upload';
const METHOD_OF: Record<Method, SignatureMethod> = { draw: 'drawn', type: 'typed', upload: 'uploaded' };
const METHODS = [
  { method: 'draw', Icon: PenLine },
  { method: 'type', Icon: Type },
  { method: 'upload', Icon: ImageUp },
] as const;
const TYPED_MAX_LENGTH = 80;
/** Transparent margin around a typed signature, in image pixels. */
const TYPED_PADDING = 12;
const PHONE_QUERY = '(max-width: 48em)';

type Upload =
  | { state: 'none' }
  | { state: 'reading'; file: File }
  | { state: 'done'; file: File; result: PreparedUpload };

/**
 * The signature itself: drawn on a pad, typed in a handwriting face, or a picture of one on paper; with the
 * declaration the signer accepts, word for word (SIGNING_DECLARATION). Full screen on a phone.
 */
export function SignatureDialog(props: SignatureDialogProps) {
  const { t } = useTranslation('call-signing');
  const isPhone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const [isPending, setIsPending] = useState(false);
  const onClose = () => {
    if (!isPending) props.onClose();
  };

  return (
    <Modal
      opened={props.opened}
      onClose={onClose}
      title={t('dialog.title')}
      size="lg"
      fullScreen={isPhone}
      centered={!isPhone}
      // A stray tap outside must not throw a drawn signature away.
      closeOnClickOutside={false}
      closeOnEscape={!isPending}
      closeButtonProps={{ 'aria-label': t('dialog.close'), disabled: isPending }}
      data-testid="signature-dialog"
    >
      <SignatureForm
        name={props.name}
        isPending={isPending}
        onPendingChange={setIsPending}
        onCancel={onClose}
        onSubmit={props.onSubmit}
        onDone={props.onClose}
      />
    </Modal>
  );
}

/** The dialog's content: mounted each time the dialog opens, so every signing starts blank. */
function SignatureForm(props: {
  name: string;
  isPending: boolean;
  onPendingChange: (isPending: boolean) => void;
  onCancel: () => void;
  onSubmit: (choice: SignatureDialogChoice) => Promise<void>;
  onDone: () => void;
}) {
  const { t } = useTranslation('call-signing');
  const reasonId = useId();
  const initialValues: { method: Method; typed: string; isDeclared: boolean } = {
    method: 'draw',
    typed: props.name,
    isDeclared: false,
  };
  // The text fields of the multipart request, checked as the server checks them; the image is checked on its own.
  const { form, onSubmit, failure, setFailure, focusFailure, containerRef } = useContractForm({
    schema: signatureFields,
    initialValues,
    toRequest: (values) => ({
      method: METHOD_OF[values.method],
      declaration: values.isDeclared ? SIGNING_DECLARATION : undefined,
    }),
  });
  const { method, typed, isDeclared } = form.values;

  const padRef = useRef<SignaturePadHandle | null>(null);
  const [hasDrawing, setHasDrawing] = useState(false);

  const typedCanvasRef = useRef<HTMLCanvasElement | null>(null);
  const [hasTyped, setHasTyped] = useState(false);

  const [upload, setUpload] = useState<Upload>({ state: 'none' });
  const uploadRun = useRef(0);
  const isSubmitting = useRef(false);

  // The preview is the image that is sent: drawn again on each change, the newest text winning.
  useEffect(() => {
    const canvas = typedCanvasRef.current;
    if (!canvas) return;
    let isCurrent = true;
    void loadSignatureFont(typed).then(() => {
      if (isCurrent) setHasTyped(drawTypedSignature(canvas, typed));
    });
    return () => {
      isCurrent = false;
    };
  }, [typed]);

  const uploadUrl = upload.state === 'done' && upload.result.ok ? upload.result.url : null;
  useEffect(() => {
    if (!uploadUrl) return;
    return () => URL.revokeObjectURL(uploadUrl);
  }, [uploadUrl]);

  const onFile = (file: File | null) => {
    setFailure(null);
    const run = ++uploadRun.current;
    if (!file) {
      setUpload({ state: 'none' });
      return;
    }
    setUpload({ state: 'reading', file });
    void prepareUpload(file).then((result) => {
      if (run === uploadRun.current) setUpload({ state: 'done', file, result });
      else if (result.ok) URL.revokeObjectURL(result.url);
    });
  };

  const hasSignature =
    method === 'draw'
      ? hasDrawing
      : method === 'type'
        ? hasTyped
        : upload.state === 'done' && upload.result.ok;
  const canSubmit = hasSignature && isDeclared && !props.isPending;
  const uploadProblem = upload.state === 'done' && !upload.result.ok ? upload.result.problem : null;

  const signatureBlob = async (): Promise<Blob | null> => {
    if (method === 'draw') return (await padRef.current?.toBlob()) ?? null;
    if (method === 'type') {
      const canvas = typedCanvasRef.current;
      if (!canvas) return null;
      // What is sent is exactly the text in the box now, even if the preview is a keystroke behind.
      await loadSignatureFont(typed);
      return drawTypedSignature(canvas, typed) ? trimmedSignature(canvas, { padding: TYPED_PADDING }) : null;
    }
    return upload.state === 'done' && upload.result.ok ? upload.result.blob : null;
  };

  const sign = async (signatureMethod: SignatureMethod) => {
    isSubmitting.current = true;
    try {
      const blob = await signatureBlob();
      if (!blob) {
        setFailure(t(method === 'draw' ? 'dialog.draw.tooSmall' : 'dialog.needSignature'));
        focusFailure();
        return;
      }
      props.onPendingChange(true);
      await props.onSubmit({ method: signatureMethod, blob });
      props.onPendingChange(false);
      props.onDone();
    } catch (error) {
      props.onPendingChange(false);
      setFailure(failureMessage(error, t('dialog.submitFailed')));
      focusFailure();
    } finally {
      isSubmitting.current = false;
    }
  };
  const submit = onSubmit((request) => void sign(request.method));

  return (
    <form
      ref={containerRef}
      onSubmit={(event) => {
        event.preventDefault();
        // A double tap must not sign twice: the image is made before the pending state shows.
        if (canSubmit && !isSubmitting.current) submit(event);
      }}
      noValidate
    >
      <Stack gap="md">
        <Text size="sm" className={classes.wrap}>
          {t('dialog.signingAs', { name: props.name })}
        </Text>

        <Tabs
          value={method}
          onChange={(value) => {
            if (value === 'draw' || value === 'type' || value === 'upload')
              form.setFieldValue('method', value);
            setFailure(null);
          }}
          keepMounted
          keepMountedMode="display-none"
        >
          <Tabs.List grow aria-label={t('dialog.methods')}>
            {METHODS.map(({ method: value, Icon }) => (
              <Tabs.Tab
                key={value}
                value={value}
                leftSection={<Icon size={16} aria-hidden="true" />}
                data-autofocus={value === 'draw' ? true : undefined}
                data-testid={`signature-tab-${value}`}
              >
                {t(`dialog.tab.${value}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>

          <Tabs.Panel value="draw" pt="sm">
            <SignaturePad ref={padRef} onChange={setHasDrawing} disabled={props.isPending} />
          </Tabs.Panel>

          <Tabs.Panel value="type" pt="sm">
            <Stack gap="xs">
              <TextInput
                label={t('dialog.type.label')}
                description={t('dialog.type.hint')}
                value={typed}
                maxLength={TYPED_MAX_LENGTH}
                autoComplete="name"
                disabled={props.isPending}
                onChange={(event) => {
                  form.setFieldValue('typed', event.currentTarget.value);
                  setFailure(null);
                }}
                data-testid="signature-type-input"
              />
              <div className={classes.preview}>
                <canvas
                  ref={typedCanvasRef}
                  className={classes.previewImage}
                  role="img"
                  aria-label={t('dialog.type.preview', { name: typed.trim() })}
                  hidden={!hasTyped}
                  data-testid="signature-type-preview"
                />
                {!hasTyped && <span>{t('dialog.type.empty')}</span>}
              </div>
            </Stack>
          </Tabs.Panel>

          <Tabs.Panel value="upload" pt="sm">
            <Stack gap="xs">
              <FileInput
                label={t('dialog.upload.label')}
                description={t('dialog.upload.hint')}
                placeholder={t('dialog.upload.placeholder')}
                accept={SIGNATURE_FILE_TYPES.join(',')}
                value={upload.state === 'none' ? null : upload.file}
                onChange={onFile}
                clearable
                clearButtonProps={{ 'aria-label': t('dialog.upload.clear') }}
                disabled={props.isPending}
                error={uploadProblem ? t(`dialog.upload.${uploadProblem}`) : undefined}
                rightSection={upload.state === 'reading' ? <Loader size="xs" /> : undefined}
                leftSection={<ImageUp size={16} aria-hidden="true" />}
                data-testid="signature-upload-input"
              />
              {upload.state === 'reading' && (
                <Text size="sm" c="dimmed" role="status">
                  {t('dialog.upload.reading')}
                </Text>
              )}
              {uploadUrl && (
                <div className={classes.preview}>
                  <img
                    className={classes.previewImage}
                    src={uploadUrl}
                    alt={t('dialog.upload.preview')}
                    data-testid="signature-upload-preview"
                  />
                </div>
              )}
            </Stack>
          </Tabs.Panel>
        </Tabs>

        <div className={classes.declaration}>
          <Checkbox
            label={SIGNING_DECLARATION}
            description={t('dialog.declarationHint')}
            required
            disabled={props.isPending}
            {...form.getInputProps('isDeclared', { type: 'checkbox', withError: false })}
            data-testid="signature-declaration"
          />
        </div>

        {failure && (
          <FormAlert tone="error" data-testid="signature-error">
            {failure}
          </FormAlert>
        )}

        {!canSubmit && !props.isPending && (
          <Text size="sm" c="dimmed" id={reasonId} data-testid="signature-not-ready">
            {hasSignature ? t('dialog.needDeclaration') : t('dialog.needSignature')}
          </Text>
        )}

        <div className={classes.footer}>
          <Button variant="default" onClick={props.onCancel} disabled={props.isPending}>
            {t('dialog.cancel')}
          </Button>
          <Button
            type="submit"
            disabled={!canSubmit}
            loading={props.isPending}
            aria-describedby={canSubmit ? undefined : reasonId}
            data-testid="signature-submit"
          >
            {t('dialog.submit')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
