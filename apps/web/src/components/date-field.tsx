import { TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { calendarDateOfTyped, displayOfCalendarDate } from '@/lib/calendar-input';

type DateFieldProps = Omit<TextInputProps, 'value' | 'onChange' | 'type' | 'defaultValue'> & {
  /** The calendar date, YYYY-MM-DD ('' when empty; a half-typed text while it is being written). */
  value?: string;
  onChange?: (value: string) => void;
};

/**
 * A calendar date written DD/MM/YYYY in every language and browser (lib/calendar-input.ts); the form gets
 * YYYY-MM-DD. A text field, so the keyboard alone fills it.
 */
export function DateField({ value = '', onChange, ...props }: DateFieldProps) {
  const { t } = useTranslation();
  // What the person typed, kept while it is not yet a whole date (the form's value is the converted one).
  const [typed, setTyped] = useState<string | null>(null);
  const shown = typed !== null && calendarDateOfTyped(typed) === value ? typed : displayOfCalendarDate(value);
  return (
    <TextInput
      inputMode="numeric"
      autoComplete="off"
      placeholder={t('dateField.placeholder')}
      maxLength={10}
      {...props}
      value={shown}
      onChange={(event) => {
        const text = event.currentTarget.value;
        setTyped(text);
        onChange?.(calendarDateOfTyped(text));
      }}
    />
  );
}
