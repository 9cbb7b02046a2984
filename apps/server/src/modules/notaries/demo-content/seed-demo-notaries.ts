import type { Database } from '../../../db/client.ts';
import { findUserIdByEmail } from '../../auth/auth.service.ts';
import { setOnline } from '../notaries.repository.ts';
import type { NotariesService } from '../notaries.service.ts';
import { demoCertificateOfPractice, demoOwnP12, demoPhoto, demoSignature } from './demo-files.ts';

type DemoNotary = {
  email: string;
  details: {
    fullName: string;
    registrationNumber: string;
    appointingGovernment: 'Delhi' | 'Maharashtra' | 'Karnataka';
    areaOfPractice: string;
    commissionExpiresOn: string;
    officeAddress: string;
    languages: Array<'English' | 'Hindi' | 'Marathi' | 'Kannada'>;
  };
  certificate: 'platform' | 'own';
  outcome: 'verified' | 'pending';
  hue: number;
};

export const DEMO_NOTARIES: readonly DemoNotary[] = [
  {
    email: 'notary@mohar.example',
    details: {
      fullName: 'Ravi Shankar Iyer',
      registrationNumber: 'DL/2019/04512',
      appointingGovernment: 'Delhi',
      areaOfPractice: 'New Delhi District',
      commissionExpiresOn: '2029-03-31',
      officeAddress: 'Chamber 12, Patiala House Courts, New Delhi 110001',
      languages: ['English', 'Hindi'],
    },
    certificate: 'platform',
    outcome: 'verified',
    hue: 230,
  },
  {
    email: 'notary2@mohar.example',
    details: {
      fullName: 'Lakshmi Deshpande',
      registrationNumber: 'MH/2021/11873',
      appointingGovernment: 'Maharashtra',
      areaOfPractice: 'Mumbai Suburban District',
      commissionExpiresOn: '2028-08-15',
      officeAddress: '4th floor, Bandra Court Annexe, Mumbai 400051',
      languages: ['English', 'Marathi', 'Hindi'],
    },
    certificate: 'own',
    outcome: 'verified',
    hue: 160,
  },
  {
    email: 'notary3@mohar.example',
    details: {
      fullName: 'Arjun Gowda',
      registrationNumber: 'KA/2024/00931',
      appointingGovernment: 'Karnataka',
      areaOfPractice: 'Bengaluru Urban District',
      commissionExpiresOn: '2031-01-10',
      officeAddress: '22 City Civil Court Complex, Bengaluru 560009',
      languages: ['English', 'Kannada'],
    },
    certificate: 'platform',
    outcome: 'pending',
    hue: 20,
  },
];

/**
 * Takes each demo notary through the real onboarding (details, files, seal, certificate, submit) and has the demo
 * admin decide, so the directory, the admin queue and the notary screens have something true to show. Runs only for
 * notaries still in draft, so a restart changes nothing.
 */
export async function seedDemoNotaries(deps: {
  db: Database;
  notariesService: NotariesService;
  adminEmail: string;
}) {
  const idOf = (email: string) => findUserIdByEmail(deps.db, email);
  const adminId = await idOf(deps.adminEmail);
  if (!adminId) return 0;
  let seeded = 0;
  for (const demo of DEMO_NOTARIES) {
    const userId = await idOf(demo.email);
    if (!userId) continue;
    const profile = await deps.notariesService.getOwnProfile(userId);
    if (profile.status !== 'draft') continue;
    const s = deps.notariesService;
    await s.saveDetails({ userId, details: demo.details });
    await s.uploadDocument({
      userId,
      kind: 'certificate',
      bytes: await demoCertificateOfPractice({
        name: demo.details.fullName,
        registrationNumber: demo.details.registrationNumber,
        government: demo.details.appointingGovernment,
        area: demo.details.areaOfPractice,
        expires: demo.details.commissionExpiresOn,
      }),
    });
    await s.uploadDocument({
      userId,
      kind: 'photo',
      bytes: await demoPhoto(demo.details.fullName, demo.hue),
    });
    await s.uploadDocument({ userId, kind: 'signature', bytes: await demoSignature(demo.details.fullName) });
    await s.generateSeal({ userId, layout: {} });
    if (demo.certificate === 'platform') await s.issuePlatformCertificate(userId);
    else
      await s.uploadSigningCertificate({
        userId,
        p12: demoOwnP12({ name: demo.details.fullName, passphrase: 'demo' }),
        passphrase: 'demo',
      });
    await s.submit(userId);
    if (demo.outcome === 'verified') {
      await s.decide({ notaryId: userId, action: 'approve', actorId: adminId });
      await setOnline(deps.db, userId);
    }
    seeded += 1;
  }
  return seeded;
}
