import { describe, expect, it } from 'vitest';
import en from '@/locales/en/legal.json';
import hi from '@/locales/hi/legal.json';
import { type LegalSectionText, parseInline } from './legal-text';

const DOCUMENTS = ['terms', 'refund', 'privacy'] as const;

describe('the legal pages in English and Hindi (issue 23)', () => {
  it('links and bold runs are the only markup a text can hold', () => {
    expect(parseInline('Read our <refund>Refund Policy</refund> and <b>ask</b> <x>now</x>.')).toEqual([
      'Read our ',
      { tag: 'refund', text: 'Refund Policy' },
      ' and ',
      { tag: 'b', text: 'ask' },
      ' <x>now</x>.',
    ]);
  });

  it('the Hindi text is complete: every section and block of the English one, with the same anchors and links', () => {
    for (const document of DOCUMENTS) {
      const english = en[document].sections as LegalSectionText[];
      const hindi = hi[document].sections as LegalSectionText[];
      expect(
        hindi.map((s) => s.id),
        document,
      ).toEqual(english.map((s) => s.id));
      hindi.forEach((section, index) => {
        const original = english[index];
        expect(section.blocks.map((b) => Object.keys(b)[0])).toEqual(
          original?.blocks.map((b) => Object.keys(b)[0]),
        );
        const links = (s: LegalSectionText) =>
          JSON.stringify(s.blocks)
            .match(/<(refund|privacy|terms|contact)>/g)
            ?.sort();
        expect(links(section), `${document} ${section.id}`).toEqual(original && links(original));
        // Written in Devanagari, not left in English.
        expect(section.title, section.id).toMatch(/[\u0900-\u097F]/);
      });
    }
  });
});
