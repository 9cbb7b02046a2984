import { Group, Input, TextInput } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/date-field';
import { istInputOfParts, istInputParts } from '../lib/article-form';

/**
 * A moment in India Standard Time as two text fields, the date DD/MM/YYYY (as every date input: `DateField`) and the
 * time HH:mm on a 24-hour clock, under one label that names IST. The value is `YYYY-MM-DDTHH:mm`. A browser's
 * datetime-local input followed the browser's locale (mm/dd/yyyy, a.m./p.m. in an American one) and its own zone hint.
 */
export function IstDateTimeField(props: {
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
}) {
  const { t } = useTranslation('admin-blog');
  const id = useId();
  const parts = istInputParts(props.value);
  // The time as typed, kept while it gives the same value ("9:30" is not rewritten "09:30" under the cursor).
  const [typedTime, setTypedTime] = useState<string | null>(null);
  const time =
    typedTime !== null && istInputOfParts({ date: parts.date, time: typedTime }) === props.value
      ? typedTime
      : parts.time;
  const errorId = `${id}-error`;
  return (
    <Input.Wrapper
      label={props.label}
      labelElement="div"
      id={id}
      error={props.error}
      errorProps={{ id: errorId }}
      role="group"
      aria-labelledby={`${id}-label`}
      labelProps={{ id: `${id}-label` }}
    >
      <Group gap="sm" align="flex-start" mt={4}>
        <DateField
          label={t('editor.fields.publishDate')}
          value={parts.date}
          onChange={(date) => props.onChange(istInputOfParts({ date, time }))}
          onBlur={props.onBlur}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? errorId : undefined}
          w={150}
          data-testid="publish-date"
        />
        <TextInput
          label={t('editor.fields.publishTime')}
          placeholder={t('editor.fields.publishTimePlaceholder')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={5}
          value={time}
          onChange={(event) => {
            const typed = event.currentTarget.value;
            setTypedTime(typed);
            props.onChange(istInputOfParts({ date: parts.date, time: typed }));
          }}
          onBlur={props.onBlur}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? errorId : undefined}
          w={150}
          data-testid="publish-time"
        />
      </Group>
    </Input.Wrapper>
  );
}
