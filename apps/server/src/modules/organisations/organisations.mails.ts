import { type InLanguages, mailLanguage, simpleMail } from '../../platform/mail-layout.ts';
import type { Mail } from '../../platform/mailer.ts';

type Role = 'owner' | 'admin' | 'member';

const TEXTS: InLanguages<{
  subject: (organisation: string) => string;
  lines: (o: { inviter: string; organisation: string; role: Role; days: number }) => string[];
}> = {
  en: {
    subject: (organisation) => `You are invited to ${organisation} on Mohar`,
    lines: (o) => [
      'Hello,',
      `${o.inviter} invites you to join ${o.organisation} on Mohar as ${{ owner: 'an owner', admin: 'an admin', member: 'a member' }[o.role]}.`,
      `Open this link to accept (sign in or register with this e-mail address first). It works once, for ${o.days} days:`,
    ],
  },
  hi: {
    subject: (organisation) => `मोहर पर ${organisation} से जुड़ने का आमंत्रण`,
    lines: (o) => [
      'नमस्ते,',
      `${o.inviter} आपको मोहर पर ${o.organisation} में ${{ owner: 'स्वामी', admin: 'एडमिन', member: 'सदस्य' }[o.role]} के रूप में जुड़ने के लिए आमंत्रित करते हैं।`,
      `स्वीकार करने के लिए यह लिंक खोलें (पहले इसी ई-मेल पते से साइन इन या पंजीकरण करें)। यह एक बार, ${o.days} दिनों तक काम करता है:`,
    ],
  },
};

/** The invitation goes to an address that may have no account yet: in the inviter's language (decision 0061). */
export function organisationInvitationMail(options: {
  to: string;
  inviter: string;
  organisation: string;
  role: Role;
  days: number;
  url: string;
  language: string | null | undefined;
}): Mail {
  const language = mailLanguage(options.language);
  const t = TEXTS[language];
  return simpleMail({
    to: options.to,
    language,
    subject: t.subject(options.organisation),
    lines: [...t.lines(options), options.url],
  });
}
