import { simpleMail } from '../../platform/mail-layout.ts';
import type { Mail } from '../../platform/mailer.ts';

const wrap = simpleMail;

export function notaryDecisionMail(options: {
  to: string;
  name: string;
  decision: 'submitted' | 'verified' | 'rejected' | 'suspended' | 'reinstated';
  reason?: string | null;
  dashboardUrl: string;
}): Mail {
  const { to, name, decision, reason, dashboardUrl } = options;
  const hello = `Hello ${name},`;
  switch (decision) {
    case 'submitted':
      return wrap({
        to,
        subject: 'We received your notary application',
        lines: [
          hello,
          'Thank you. Our team will check your certificate of practice and details, usually within two working days. We will e-mail you the decision.',
          dashboardUrl,
        ],
      });
    case 'verified':
      return wrap({
        to,
        subject: 'You are verified as a notary on Mohar',
        lines: [
          hello,
          'Your application is approved. Set your availability and go online to receive notarisation requests.',
          dashboardUrl,
        ],
      });
    case 'rejected':
      return wrap({
        to,
        subject: 'Your notary application needs changes',
        lines: [
          hello,
          `We could not verify your application. Reason: ${reason ?? 'not given'}`,
          'You can correct your details and submit again.',
          dashboardUrl,
        ],
      });
    case 'suspended':
      return wrap({
        to,
        subject: 'Your notary account on Mohar is suspended',
        lines: [
          hello,
          `You cannot take notarisations for now. Reason: ${reason ?? 'not given'}`,
          'Contact support if you have questions.',
        ],
      });
    case 'reinstated':
      return wrap({
        to,
        subject: 'Your notary account on Mohar is active again',
        lines: [hello, 'You can go online and take notarisations again.', dashboardUrl],
      });
  }
}
