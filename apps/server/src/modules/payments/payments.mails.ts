import { simpleMail } from '../../platform/mail-layout.ts';
import type { Mail } from '../../platform/mailer.ts';
import { formatInr } from './money.ts';

export function paymentReceivedMail(options: {
  to: string;
  name: string;
  title: string;
  serial: string;
  totalPaise: number;
  applicationUrl: string;
}): Mail {
  return simpleMail({
    to: options.to,
    subject: `Payment received — receipt ${options.serial}`,
    lines: [
      `Hello ${options.name},`,
      `We received ${formatInr(options.totalPaise)} for “${options.title}”. Your receipt number is ${options.serial}; the GST invoice is on the application page.`,
      'Next, each signatory proves who they are with their Aadhaar card. We are sending them their links.',
      options.applicationUrl,
    ],
  });
}

export function refundRequestedMail(options: {
  to: string;
  name: string;
  title: string;
  amountPaise: number;
  dueDate: string;
}): Mail {
  return simpleMail({
    to: options.to,
    subject: 'We received your refund request',
    lines: [
      `Hello ${options.name},`,
      `You asked for a refund of ${formatInr(options.amountPaise)} for “${options.title}”. We will decide by ${options.dueDate}; an approved refund is credited to your Mohar wallet.`,
    ],
  });
}

export function refundDecisionMail(options: {
  to: string;
  name: string;
  title: string;
  amountPaise: number;
  decision: 'approved' | 'rejected';
  reason?: string | null;
  walletUrl: string;
}): Mail {
  const approved = options.decision === 'approved';
  return simpleMail({
    to: options.to,
    subject: approved ? 'Your refund is in your Mohar wallet' : 'Your refund request was not approved',
    lines: approved
      ? [
          `Hello ${options.name},`,
          `We approved your refund of ${formatInr(options.amountPaise)} for “${options.title}” and credited it to your Mohar wallet. You can use it to pay for your next notarisation.`,
          options.walletUrl,
        ]
      : [
          `Hello ${options.name},`,
          `We could not approve your refund request for “${options.title}”.`,
          `Reason: ${options.reason ?? 'not given'}`,
          'If you think this is wrong, reply through Customer Support and quote the application.',
        ],
  });
}

/** A paid event we cannot match to an order: money may have arrived that nobody will see unless a person looks. */
export function unknownOrderAlertMail(options: {
  to: string;
  provider: string;
  event: string;
  orderId: string | null;
  paymentId: string | null;
  amountPaise: number | null;
}): Mail {
  return simpleMail({
    to: options.to,
    subject: `Payment alert: ${options.event} for an unknown order`,
    lines: [
      `The ${options.provider} gateway sent “${options.event}” for order ${options.orderId ?? '(none)'} (payment ${options.paymentId ?? '(none)'}${options.amountPaise != null ? `, ${formatInr(options.amountPaise)}` : ''}), which matches no payment on Mohar.`,
      'It was acknowledged so the gateway stops retrying, and nothing was posted. Check the gateway dashboard and refund or match it by hand.',
    ],
  });
}
