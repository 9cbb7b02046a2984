import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMailTo } from '../../testing/accounts.ts';
import { call, SIGNATORY } from '../../testing/applications.ts';
import { type Builders, buildersFor } from '../../testing/builders/index.ts';
import { atOwnAddresses, portalCall } from '../../testing/portal.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let build: Builders;
beforeAll(async () => {
  t = await createTestApp();
  build = buildersFor(t);
});
afterAll(() => t.close());

let counter = 0;
/** A paid application of an owner speaking `ownerLanguage`, with two signatories holding their links. */
async function paidApplication(ownerLanguage: 'en' | 'hi') {
  counter += 1;
  const owner = await build.user({ name: 'Asha Kulkarni' });
  await call(t, 'PATCH', '/profile/language', owner.cookie, { language: ownerLanguage });
  const built = await build.application({
    status: 'awaiting_identity',
    owner,
    signatories: [
      { ...SIGNATORY, fullName: 'Kavya Rao', email: `kavya.l${counter}@example.in` },
      { ...SIGNATORY, fullName: 'Imran Sheikh', email: `imran.l${counter}@example.in`, role: 'witness' },
    ],
  });
  const [kavya, imran] = atOwnAddresses(built.signatories);
  if (!kavya || !imran) throw new Error('two signatories expected');
  return { owner, id: built.id, kavya, imran };
}

const languageOf = async (signatory: { token: string; address: string }) =>
  (await portalCall(t, signatory, 'GET', '')).json().signatory.language;

describe('the signatory portal remembers each signatory’s language (issue 23)', () => {
  it('a signatory nobody asked gets the inviting client’s language in their e-mails', async () => {
    const { kavya } = await paidApplication('hi');
    const invitation = await latestMailTo(t, kavya.email);
    expect(invitation?.subject).toBe(
      'Asha Kulkarni ने आपसे मोहर पर “Affidavit of address” पर हस्ताक्षर करने का अनुरोध किया है',
    );
    expect(invitation?.text).toContain('नमस्ते Kavya Rao,');
    // The portal itself has no choice stored yet: the screen follows the browser.
    expect(await languageOf(kavya)).toBeNull();
  });

  it('a choice in the portal is remembered for every link of that signatory and used for their e-mails', async () => {
    const { owner, id, kavya, imran } = await paidApplication('en');
    const chose = await portalCall(t, kavya, 'PUT', '/language', { language: 'hi' });
    expect(chose.statusCode, chose.body).toBe(200);
    expect(chose.json()).toEqual({ language: 'hi' });
    expect(await languageOf(kavya)).toBe('hi');
    // Only hers: the other signatory of the same application is untouched.
    expect(await languageOf(imran)).toBeNull();

    const code = await portalCall(t, kavya, 'POST', '/email-code', {});
    expect(code.statusCode, code.body).toBe(200);
    expect((await latestMailTo(t, kavya.email))?.subject).toMatch(/^\d{6} आपका मोहर पुष्टि कोड है$/);

    // A reminder's new link opens in her language too, and the reminder is written in it.
    const reminded = await call(
      t,
      'POST',
      `/applications/${id}/signatories/${kavya.id}/reminder`,
      owner.cookie,
      {},
    );
    expect(reminded.statusCode, reminded.body).toBe(200);
    const reminder = await latestMailTo(t, kavya.email);
    expect(reminder?.subject).toBe('अनुस्मारक: मोहर पर “Affidavit of address” आपकी प्रतीक्षा कर रहा है');
    const newLink = /\/access-application\/([\w-]+)/.exec(reminder?.text ?? '')?.[1] ?? '';
    expect(await languageOf({ token: newLink, address: kavya.address })).toBe('hi');

    // Changing her mind back to English is remembered the same way.
    await portalCall(t, kavya, 'PUT', '/language', { language: 'en' });
    expect(await languageOf(kavya)).toBe('en');
    // Imran, who never chose, still gets the owner's English.
    await portalCall(t, imran, 'POST', '/email-code', {});
    expect((await latestMailTo(t, imran.email))?.subject).toMatch(/^\d{6} is your Mohar confirmation code$/);
  });

  it('refuses a language the product does not speak, unknown fields, and a link that opens nothing', async () => {
    const { kavya } = await paidApplication('en');
    for (const payload of [{ language: 'fr' }, {}, { language: 'hi', signatoryId: kavya.id }]) {
      const res = await portalCall(t, kavya, 'PUT', '/language', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'request.invalid', message: expect.any(String) });
    }
    const unknown = await portalCall(
      t,
      { token: 'x'.repeat(43), address: kavya.address },
      'PUT',
      '/language',
      {
        language: 'hi',
      },
    );
    expect(unknown.statusCode).toBe(404);
    expect(await languageOf(kavya)).toBeNull();
  });
});
