import type { Database } from '../../../db/client.ts';
import type { ApplicationsService } from '../../applications/applications.service.ts';
import { demoAgreementPdf } from '../../applications/demo-content/seed-demo-applications.ts';
import { findUserIdByEmail } from '../../auth/auth.service.ts';
import { countPaymentsOf } from '../payments.repository.ts';
import type { PaymentsService } from '../payments.service.ts';
import type { RefundsService } from '../refunds.service.ts';
import type { SandboxGateway } from '../sandbox-gateway.ts';

/**
 * A true money history for the demo client, made through the real services with the sandbox gateway: an affidavit
 * paid online, marked failed by the demo admin (the video call never connected) and refunded to the wallet. The
 * wallet then holds exactly enough to pay the demo application awaiting payment. Runs once (no demo payments yet),
 * and only with the sandbox provider.
 */
export async function seedDemoPayments(deps: {
  db: Database;
  applicationsService: ApplicationsService;
  paymentsService: PaymentsService;
  refundsService: RefundsService;
  sandboxGateway: SandboxGateway;
  clientEmail: string;
  adminEmail: string;
}) {
  if (deps.paymentsService.providerName !== 'sandbox') return 0;
  const clientId = await findUserIdByEmail(deps.db, deps.clientEmail);
  const adminId = await findUserIdByEmail(deps.db, deps.adminEmail);
  if (!clientId || !adminId) return 0;
  if ((await countPaymentsOf(deps.db, clientId)) > 0) return 0;

  const s = deps.applicationsService;
  const viewer = { userId: clientId, role: 'client' };
  const actor = { userId: clientId, role: 'client', ip: null };
  const application = await s.create({ viewer, actor });
  const id = application._id;
  await s.uploadDocument({
    id,
    viewer,
    bytes: await demoAgreementPdf('Affidavit for change of name'),
    fileName: 'affidavit-change-of-name.pdf',
  });
  await s.saveDraft({ id, viewer, changes: { notaryChoice: 'first_available', notaryId: null } });
  await s.saveSignatories({
    id,
    viewer,
    signatories: [
      {
        fullName: 'Asha Client',
        email: deps.clientEmail,
        mobile: `+91${'9800000001'}`,
        dateOfBirth: '1990-05-14',
        role: 'executant',
      },
    ],
  });
  await s.saveDraft({
    id,
    viewer,
    changes: {
      documentType: 'affidavit',
      notarialAct: 'affidavit_oath',
      title: 'Affidavit for change of name',
      description: 'Sworn statement of a change of name after marriage, for the gazette notification.',
      language: 'English',
      purpose: 'Gazette notification',
    },
  });
  await s.submit({ id, viewer, actor });

  const started = await deps.paymentsService.checkout({
    applicationId: id,
    userId: clientId,
    walletPaise: 0,
    actor,
  });
  const orderId = started.body.payment.orderId;
  if (!orderId) return 0;
  const fields = await deps.sandboxGateway.complete(orderId, clientId, 'success');
  if (!('razorpay_payment_id' in fields)) return 0;
  await deps.paymentsService.verifyReturn({
    userId: clientId,
    orderId,
    providerPaymentId: fields.razorpay_payment_id,
    signature: fields.razorpay_signature,
    actor,
  });
  await s.markFailed({
    id,
    viewer: { userId: adminId, role: 'admin' },
    actor: { userId: adminId, role: 'admin', ip: null },
    reason: 'The video call could not connect for any participant (demo data).',
  });
  const refund = await deps.refundsService.request({
    applicationId: id,
    userId: clientId,
    reason: 'The session never started.',
  });
  await deps.refundsService.approve({ id: refund._id, adminId });
  return 1;
}
