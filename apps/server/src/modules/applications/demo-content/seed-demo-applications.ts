import { PDFDocument, rgb, StandardFonts } from '@cantoo/pdf-lib';
import type { Database } from '../../../db/client.ts';
import { findUserIdByEmail } from '../../auth/auth.service.ts';
import { type ApplicationsService, countApplicationsOwnedBy } from '../applications.service.ts';

/** A short rental agreement, clearly marked as demo data, for the demo client's applications. */
export async function demoAgreementPdf(title: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  const font = await pdf.embedFont(StandardFonts.TimesRoman);
  const bold = await pdf.embedFont(StandardFonts.TimesRomanBold);
  const paragraphs = [
    'This agreement is made at Pune on the date of its notarisation between the Licensor and the Licensee named below.',
    'The Licensor grants the Licensee leave and licence to occupy Flat 12, Sunrise Apartments, Baner, Pune 411045,',
    'for a period of eleven months, at a monthly licence fee of Rs. 18,000 payable in advance by the fifth of each month.',
    'A refundable security deposit of Rs. 50,000 has been paid by the Licensee, to be returned when the flat is vacated.',
    'Either party may end this agreement by giving one month of written notice to the other.',
  ];
  for (let pageIndex = 0; pageIndex < 2; pageIndex += 1) {
    const page = pdf.addPage([595, 842]);
    page.drawText('DEMO DATA - NOT A REAL AGREEMENT', {
      x: 56,
      y: 800,
      size: 10,
      font: bold,
      color: rgb(0.7, 0.1, 0.1),
    });
    page.drawText(pageIndex === 0 ? title : 'Signatures', { x: 56, y: 760, size: 18, font: bold });
    const lines =
      pageIndex === 0
        ? paragraphs
        : ['Licensor: ______________________', '', 'Licensee: ______________________'];
    lines.forEach((line, i) => {
      page.drawText(line, { x: 56, y: 720 - i * 22, size: 11, font });
    });
    page.drawText(`Page ${pageIndex + 1} of 2`, { x: 270, y: 40, size: 9, font });
  }
  return Buffer.from(await pdf.save());
}

/**
 * Gives the demo client one submitted application (awaiting payment, with the demo notary) and one draft, through
 * the real service, so the Application List and the view have something true to show. Runs once: only for a demo
 * client with no applications yet.
 */
export async function seedDemoApplications(deps: {
  db: Database;
  applicationsService: ApplicationsService;
  clientEmail: string;
  notaryEmail: string;
}) {
  const clientId = await findUserIdByEmail(deps.db, deps.clientEmail);
  const notaryId = await findUserIdByEmail(deps.db, deps.notaryEmail);
  if (!clientId) return 0;
  if ((await countApplicationsOwnedBy(deps.db, clientId)) > 0) return 0;

  const s = deps.applicationsService;
  const viewer = { userId: clientId, role: 'client' };
  const actor = { userId: clientId, role: 'client', ip: null };
  const signatories = [
    {
      fullName: 'Asha Client',
      email: deps.clientEmail,
      mobile: `+91${'9800000001'}`,
      dateOfBirth: '1990-05-14',
      role: 'executant' as const,
    },
    {
      fullName: 'Kavita Deshpande',
      email: 'kavita.deshpande@example.in',
      mobile: `+91${'9876500002'}`,
      dateOfBirth: '1978-09-02',
      role: 'executant' as const,
    },
  ];

  const submitted = await s.create({ viewer, actor });
  await s.uploadDocument({
    id: submitted._id,
    viewer,
    bytes: await demoAgreementPdf('Leave and licence agreement'),
    fileName: 'leave-and-licence-agreement.pdf',
  });
  await s.saveDraft({
    id: submitted._id,
    viewer,
    changes: notaryId
      ? { notaryChoice: 'named', notaryId }
      : { notaryChoice: 'first_available', notaryId: null },
  });
  await s.saveSignatories({ id: submitted._id, viewer, signatories });
  await s.saveDraft({
    id: submitted._id,
    viewer,
    changes: {
      documentType: 'rental_agreement',
      notarialAct: 'attest_execution',
      title: 'Leave and licence agreement, Baner',
      description: 'Eleven-month leave and licence for Flat 12, Sunrise Apartments, Baner, Pune.',
      language: 'English',
      purpose: 'Police verification of the tenant',
    },
  });
  await s.submit({ id: submitted._id, viewer, actor });

  const draft = await s.create({ viewer, actor });
  await s.uploadDocument({
    id: draft._id,
    viewer,
    bytes: await demoAgreementPdf('Affidavit of address'),
    fileName: 'affidavit-of-address.pdf',
  });
  await s.saveDraft({ id: draft._id, viewer, changes: { notaryChoice: 'first_available', notaryId: null } });
  return 2;
}
