import type { Mail } from '../../platform/mailer.ts';

const wrap = (options: { to: string; subject: string; lines: string[] }): Mail => {
  const text = `${options.lines.join('\n\n')}\n\n— Mohar (मोहर), online notarisation by live video`;
  const esc = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const html = `<!doctype html><html lang="en"><body style="font-family:Inter,Arial,sans-serif;color:#1b1e3c;background:#f4f5fb;margin:0"><div style="max-width:560px;margin:0 auto;padding:32px 16px"><div style="font-size:20px;font-weight:700;color:#2f3a8f;margin-bottom:24px">◉ Mohar</div><div style="background:#fff;border-radius:12px;padding:28px">${options.lines.map((l) => `<p style="margin:0 0 16px;line-height:1.5">${esc(l)}</p>`).join('')}</div></div></body></html>`;
  return { to: options.to, subject: options.subject, text, html };
};

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
