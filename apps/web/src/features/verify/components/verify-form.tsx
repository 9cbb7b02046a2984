import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { VerifyResult as VerifyResultData } from '@mohar/contracts';
import { ShieldCheck } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { PdfDropZone } from '@/components/pdf-drop-zone/pdf-drop-zone';
import { failureMessage } from '@/lib/api-errors';
import { formatFileSize } from '@/lib/format';
import { useFailureFocus } from '@/lib/use-failure-focus';
import { useVerifyFile } from '../api/verify-file';
import { type FileProblem, findFileProblem } from '../lib/file-check';
import { verifyFailureOf } from '../lib/verify-errors';
import classes from './verify.module.css';
import { VerifyResult } from './verify-result';

type Problem = FileProblem | 'no_file';

/** Where a PDF is dropped or chosen (the shared drop zone with this page's words). */
function DropZone(props: { onFile: (file: File) => void; disabled: boolean; describedBy: string }) {
  const { t } = useTranslation('verify');
  return (
    <PdfDropZone
      {...props}
      texts={{ choose: t('form.choose'), dragHint: t('form.dragHint'), dropNow: t('form.dropNow') }}
      testIds={{ zone: 'verify-drop-zone', input: 'verify-file-input' }}
    />
  );
}

/** The bar while the file is sent; once every byte is sent the server checks it, which the bar says too. */
function SendProgress({ fraction }: { fraction: number }) {
  const { t } = useTranslation('verify');
  const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  const isSent = percent >= 100;
  return (
    <Stack gap={6} role="status" data-testid="verify-progress">
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Text size="sm">{t(isSent ? 'form.checking' : 'form.sending')}</Text>
        <Text size="sm" fw={600} className={classes.numeric}>
          {t('form.percent', { percent })}
        </Text>
      </Group>
      <Progress.Root size="lg" radius="xl">
        <Progress.Section value={percent} animated={isSent} aria-label={t('form.progressLabel')} />
      </Progress.Root>
    </Stack>
  );
}

/**
 * Choose a PDF, check it is one (type, size, first bytes), send it to POST /verify and show the answer below.
 * `expectedCode`: on /verify/:code, so a genuine file of another document says so.
 */
export function VerifyForm(props: { expectedCode?: string | null }) {
  const { t } = useTranslation('verify');
  const hintId = useId();
  const verify = useVerifyFile();
  const { containerRef, focusFailure } = useFailureFocus<HTMLFormElement>();
  const form = useForm<{ file: File | null }>({
    initialValues: { file: null },
    validate: ({ file }) => (file ? {} : { file: 'no_file' }),
  });
  const { file } = form.values;
  // What the look at the chosen file found (it reads the first bytes, so it comes a moment later).
  const [fileProblem, setFileProblem] = useState<FileProblem | null>(null);
  const problem: Problem | null = fileProblem ?? (form.errors.file ? 'no_file' : null);
  const [fraction, setFraction] = useState(0);
  const [result, setResult] = useState<{ data: VerifyResultData; key: number } | null>(null);
  // The file whose check is wanted: a slow look at one file must not overwrite the verdict on the next.
  const latestFile = useRef<File | null>(null);

  const onFile = async (chosen: File) => {
    latestFile.current = chosen;
    verify.reset();
    setResult(null);
    form.setFieldValue('file', chosen);
    setFileProblem(null);
    const found = await findFileProblem(chosen);
    if (latestFile.current !== chosen) return;
    setFileProblem(found);
    if (found) focusFailure();
  };

  const send = async (chosen: File) => {
    setResult(null);
    setFraction(0);
    try {
      const data = await verify.mutateAsync({ file: chosen, onProgress: setFraction });
      setResult((previous) => ({ data, key: (previous?.key ?? 0) + 1 }));
    } catch {
      focusFailure();
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (verify.isPending) return;
    if (fileProblem) {
      focusFailure();
      return;
    }
    form.onSubmit(({ file: chosen }) => (chosen ? send(chosen) : undefined), focusFailure)(event);
  };

  const failure = verify.isError ? verifyFailureOf(verify.error) : null;
  const failureText =
    failure === 'too_large'
      ? t('form.problems.too_large')
      : failure === 'invalid'
        ? failureMessage(verify.error, t('form.failed.other'))
        : failure
          ? t(`form.failed.${failure}`)
          : null;

  return (
    <Stack gap="lg">
      <form ref={containerRef} onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <DropZone
            onFile={(chosen) => void onFile(chosen)}
            disabled={verify.isPending}
            describedBy={hintId}
          />
          <Text size="sm" c="dimmed" id={hintId}>
            {t('privacy')}
          </Text>
          {file && !problem && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="verify-chosen">
              {t('form.chosen', { name: file.name, size: formatFileSize(file.size) })}
            </Text>
          )}
          {problem && (
            <FormAlert tone="error" data-testid="verify-file-problem">
              {problem === 'no_file' ? t('form.noFile') : t(`form.problems.${problem}`)}
            </FormAlert>
          )}
          {failureText && (
            <FormAlert
              tone="error"
              title={t('form.failed.title')}
              data-testid="verify-failed"
              data-failure={failure}
            >
              {failureText}
            </FormAlert>
          )}
          {verify.isPending && <SendProgress fraction={fraction} />}
          <Button
            type="submit"
            size="md"
            leftSection={<ShieldCheck size={18} aria-hidden="true" />}
            loading={verify.isPending}
            style={{ alignSelf: 'flex-start' }}
            data-testid="verify-submit"
          >
            {t('form.submit')}
          </Button>
        </Stack>
      </form>
      {result && <VerifyResult key={result.key} result={result.data} expectedCode={props.expectedCode} />}
    </Stack>
  );
}
