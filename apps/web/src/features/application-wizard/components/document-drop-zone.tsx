import { FileButton, Text, UnstyledButton } from '@mantine/core';
import { FileUp } from 'lucide-react';
import { type ComponentProps, type DragEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './wizard.module.css';

/**
 * Where a PDF is dropped or chosen: one large button (Enter or Space opens the file picker) that also takes a file
 * dragged onto it. The hidden input carries `data-testid="document-input"`.
 */
export function DocumentDropZone(props: {
  onFile: (file: File) => void;
  disabled?: boolean;
  describedBy?: string;
}) {
  const { t } = useTranslation('wizard');
  const [isDragging, setIsDragging] = useState(false);
  // The input is emptied after each pick, so choosing the same file again (after an error) still reports it.
  const resetRef = useRef<() => void>(null);

  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    if (props.disabled) return;
    event.dataTransfer.dropEffect = 'copy';
    setIsDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !props.disabled) props.onFile(file);
  };

  return (
    <FileButton
      onChange={(file: File | null) => {
        resetRef.current?.();
        if (file) props.onFile(file);
      }}
      accept="application/pdf"
      resetRef={resetRef}
      disabled={props.disabled}
      inputProps={{ 'data-testid': 'document-input' } as ComponentProps<'input'>}
    >
      {(buttonProps) => (
        <UnstyledButton
          {...buttonProps}
          className={classes.dropZone}
          data-dragging={isDragging || undefined}
          disabled={props.disabled}
          aria-label={t('document.choose')}
          aria-describedby={props.describedBy}
          onDragEnter={onDragOver}
          onDragOver={onDragOver}
          onDragLeave={() => setIsDragging(false)}
          onDrop={onDrop}
          data-testid="document-drop-zone"
        >
          <FileUp size={32} aria-hidden="true" />
          <Text fw={600} size="lg">
            {t('document.choose')}
          </Text>
          <Text size="sm" c="dimmed">
            {t(isDragging ? 'document.dropNow' : 'document.dragHint')}
          </Text>
        </UnstyledButton>
      )}
    </FileButton>
  );
}
