import { FileButton, Text, UnstyledButton } from '@mantine/core';
import { FileUp } from 'lucide-react';
import { type ComponentProps, type DragEvent, useRef, useState } from 'react';
import classes from './pdf-drop-zone.module.css';

/**
 * Where a PDF is dropped or chosen: one large button (Enter or Space opens the file picker) that also takes a file
 * dragged onto it. Used by the wizard's upload and the public verification page.
 */
export function PdfDropZone(props: {
  onFile: (file: File) => void;
  disabled?: boolean;
  describedBy?: string;
  texts: { choose: string; dragHint: string; dropNow: string };
  testIds: { zone: string; input: string };
}) {
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
      accept="application/pdf,.pdf"
      resetRef={resetRef}
      disabled={props.disabled}
      inputProps={{ 'data-testid': props.testIds.input } as ComponentProps<'input'>}
    >
      {(buttonProps) => (
        <UnstyledButton
          {...buttonProps}
          className={classes.dropZone}
          data-dragging={isDragging || undefined}
          disabled={props.disabled}
          aria-describedby={props.describedBy}
          onDragEnter={onDragOver}
          onDragOver={onDragOver}
          onDragLeave={() => setIsDragging(false)}
          onDrop={onDrop}
          data-testid={props.testIds.zone}
        >
          {/* Its name is what it shows ("Choose a PDF or drag and drop it here"): a shorter aria-label would not
              contain the visible words (label-content-name-mismatch). Spans, as a button holds no paragraphs. */}
          <FileUp size={32} aria-hidden="true" />
          <Text component="span" display="block" fw={600} size="lg">
            {props.texts.choose}
          </Text>
          <Text component="span" display="block" size="sm" c="dimmed">
            {isDragging ? props.texts.dropNow : props.texts.dragHint}
          </Text>
        </UnstyledButton>
      )}
    </FileButton>
  );
}
