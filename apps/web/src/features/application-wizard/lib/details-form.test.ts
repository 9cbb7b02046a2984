import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, MISSING_KEY_OPTIONS } from '@/lib/i18n';
import enValidation from '@/locales/en/validation.json';
import hiValidation from '@/locales/hi/validation.json';
import { type DetailsValues, detailChangesOf, detailErrorsOf } from './details-form';

const saved: DetailsValues = {
  documentType: 'affidavit',
  notarialAct: 'affidavit_oath',
  title: 'Name change affidavit',
  description: 'Affidavit declaring my new name.',
  language: 'English',
  purpose: 'Submission to a bank',
  firstScheduleAcknowledged: false,
};

describe('the details autosave', () => {
  it('sends only what changed, trimmed', () => {
    expect(detailChangesOf({ values: { ...saved, title: '  Name change affidavit 2 ' }, saved })).toEqual({
      title: 'Name change affidavit 2',
    });
    expect(detailChangesOf({ values: saved, saved })).toEqual({});
  });

  it('holds back a field until it is valid', () => {
    expect(detailChangesOf({ values: { ...saved, title: 'a', purpose: 'Passport office' }, saved })).toEqual({
      purpose: 'Passport office',
    });
  });

  it('sends the First Schedule acknowledgement when it changes', () => {
    expect(
      detailChangesOf({
        values: { ...saved, documentType: 'will', firstScheduleAcknowledged: true },
        saved,
      }),
    ).toEqual({ documentType: 'will', firstScheduleAcknowledged: true });
  });
});

describe('the details check', () => {
  it('names every missing field with the contract’s message', () => {
    const empty = { ...saved, documentType: '', notarialAct: '', title: '', language: '' };
    const errors = detailErrorsOf(empty);
    expect(Object.keys(errors).sort()).toEqual(['documentType', 'language', 'notarialAct', 'title']);
    expect(errors.notarialAct).toBe('Choose the notarial act');
    expect(errors.documentType).toBe('Choose a document type');
    expect(errors.title).toBe('Enter a title');
  });

  it('is clean for a complete form', () => {
    expect(detailErrorsOf(saved)).toEqual({});
  });
});

describe('the details step’s field messages', () => {
  beforeAll(() =>
    i18n.init({
      lng: 'hi',
      fallbackLng: 'en',
      resources: { en: { validation: enValidation }, hi: { validation: hiValidation } },
      ...MISSING_KEY_OPTIONS,
    }),
  );

  it('are in Hindi for a Hindi reader, every empty field named', () => {
    const empty = {
      ...saved,
      documentType: '',
      notarialAct: '',
      title: '',
      description: '',
      language: '',
      purpose: '',
    };
    const errors = detailErrorsOf(empty);
    expect(Object.keys(errors).sort()).toEqual(
      ['description', 'documentType', 'language', 'notarialAct', 'purpose', 'title'].sort(),
    );
    expect(Object.values(errors).filter((text) => !/[\u0900-\u097f]/.test(text ?? ''))).toEqual([]);
  });
});
