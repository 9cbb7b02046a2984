// @vitest-environment happy-dom
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { mountTranslated } from '@/lib/testing/mount';
import enAdminBlog from '@/locales/en/admin-blog.json';
import enCommon from '@/locales/en/common.json';
import hiAdminBlog from '@/locales/hi/admin-blog.json';
import hiCommon from '@/locales/hi/common.json';
import { IstDateTimeField } from './ist-date-time-field';

function Form(props: { initial: string; seen: string[] }) {
  const [value, setValue] = useState(props.initial);
  return (
    <IstDateTimeField
      label="Appears on (IST)"
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
    resources: {
      en: { common: enCommon, 'admin-blog': enAdminBlog },
      hi: { common: hiCommon, 'admin-blog': hiAdminBlog },
    },
  });
  const [date, time] = [...container.querySelectorAll('input')];
  return { container, date: date!, time: time! };
}

/** Types a value and lets React draw the result, as between a person's key presses. */
const type = async (input: HTMLInputElement, value: string) => {
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await new Promise((resolve) => setTimeout(resolve, 0));
};

describe('the blog editor’s publication time', () => {
  it('shows the date DD/MM/YYYY and the 24-hour time under a label naming IST, in both languages', async () => {
    const english = await mountIn('en', '2026-12-01T09:30');
    expect(english.date.value).toBe('01/12/2026');
    expect(english.time.value).toBe('09:30');
    expect(english.container.querySelector('[role="group"]')?.textContent).toContain('Appears on (IST)');
    expect(english.date.placeholder).toBe('DD/MM/YYYY');
    const hindi = await mountIn('hi', '');
    expect(hindi.date.placeholder).toBe('दिन/माह/वर्ष');
    expect(hindi.time.placeholder).toBe('घंटे:मिनट');
  });

  it('gives the form YYYY-MM-DDTHH:mm as the two halves are typed', async () => {
    const seen: string[] = [];
    const { date, time } = await mountIn('en', '', seen);
    await type(date, '5/1/2027');
    await type(time, '9:3');
    await type(time, '9:30');
    expect(seen).toEqual(['2027-01-05T', '2027-01-05T9:3', '2027-01-05T09:30']);
    // What was typed stays as typed while it means the same time.
    expect(time.value).toBe('9:30');
  });
});
