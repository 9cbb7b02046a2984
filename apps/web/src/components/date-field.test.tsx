// @vitest-environment happy-dom
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { mountTranslated } from '@/lib/testing/mount';
import enCommon from '@/locales/en/common.json';
import hiCommon from '@/locales/hi/common.json';
import { DateField } from './date-field';

function Form(props: { initial: string; seen: string[] }) {
  const [value, setValue] = useState(props.initial);
  return (
    <DateField
      label="Date of birth"
      value={value}
      onChange={(next) => {
        props.seen.push(next);
        setValue(next);
      }}
    />
  );
}

async function mountIn(language: 'en' | 'hi', initial: string, seen: string[] = []) {
  const { container } = await mountTranslated(<Form initial={initial} seen={seen} />, {
    language,
    resources: { en: { common: enCommon }, hi: { common: hiCommon } },
  });
  return container.querySelector('input')!;
}

const type = (input: HTMLInputElement, value: string) => {
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
};

describe('a date field', () => {
  it('shows the form’s YYYY-MM-DD as DD/MM/YYYY, a text field in both languages', async () => {
    const input = await mountIn('hi', '1991-04-12');
    expect(input.value).toBe('12/04/1991');
    expect(input.type).toBe('text');
    expect(input.placeholder).toBe(hiCommon.dateField.placeholder);
  });

  it('hands the form YYYY-MM-DD once a whole date is typed, and keeps what is typed on screen', async () => {
    const seen: string[] = [];
    const input = await mountIn('en', '', seen);
    expect(input.placeholder).toBe('DD/MM/YYYY');
    type(input, '1/2/199');
    type(input, '1/2/1990');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen).toEqual(['1/2/199', '1990-02-01']);
    expect(input.value).toBe('1/2/1990');
  });
});
