import { Button, Checkbox, CopyButton, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNotificationDate } from '@/lib/format';
import { recoveryCodesFile } from '../lib/recovery-codes-file';
import classes from './profile.module.css';

/** Offers the text as a file download; the object URL is released once the browser has taken it. */
function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Recovery codes, shown once (the server keeps only hashes): copy, download, then confirm they are saved. */
export function RecoveryCodesPanel(props: { codes: string[]; email: string; onDone: () => void }) {
  const { t } = useTranslation('profile');
  const [hasSaved, setHasSaved] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);
  const text = recoveryCodesFile({
    codes: props.codes,
    email: props.email,
    createdAt: formatNotificationDate(new Date()),
  });

  // The panel replaces the form that was just used: move focus to the codes so nobody misses them.
  useEffect(() => listRef.current?.focus(), []);

  return (
    <Stack gap="md">
      <Text fw={600}>{t('mfa.codesOnce')}</Text>
      <ul
        ref={listRef}
        tabIndex={-1}
        aria-label={t('mfa.codesListLabel')}
        className={classes.codes}
        data-testid="recovery-codes"
      >
        {props.codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <Group gap="sm">
        <CopyButton value={props.codes.join('\n')}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? t('mfa.copied') : t('mfa.copyCodes')}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" onClick={() => download(text, 'mohar-recovery-codes.txt')}>
          {t('mfa.downloadCodes')}
        </Button>
      </Group>
      <Checkbox
        label={t('mfa.savedConfirm')}
        checked={hasSaved}
        onChange={(event) => setHasSaved(event.currentTarget.checked)}
      />
      <Button onClick={props.onDone} disabled={!hasSaved} style={{ alignSelf: 'flex-start' }}>
        {t('mfa.codesDone')}
      </Button>
    </Stack>
  );
}
