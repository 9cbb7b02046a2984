import { GRIEVANCE_OFFICER } from '@mohar/contracts';
import { type InLanguages, mailDate, mailLanguage, simpleMail } from '../../platform/mail-layout.ts';
import type { Mail } from '../../platform/mailer.ts';

type WithdrawalTexts = {
  subject: string;
  lines: (o: { name: string; effective: string; profileUrl: string; text: string }) => string[];
};

const WITHDRAWAL: InLanguages<WithdrawalTexts> = {
  en: {
    subject: 'We received your notice: your Mohar account closes in 30 days',
    lines: ({ name, effective, profileUrl, text }) => [
      `Hello ${name},`,
      `We received your written notice withdrawing your consent. Your account will be deactivated on ${effective}: you will be signed out, applications not yet in a session will be cancelled (a paid fee is refunded under the refund policy), and your personal data will be erased.`,
      'We keep only what the law requires: notarial register entries, the fingerprints of notarised documents, payment records and invoices, and call recordings until their retention period ends.',
      `Changed your mind? Cancel the request from your profile before that date: ${profileUrl}`,
      `Your notice, as you wrote it: “${text}”`,
      `Questions or a grievance: ${GRIEVANCE_OFFICER.name}, Grievance Officer, ${GRIEVANCE_OFFICER.email}.`,
    ],
  },
  hi: {
    subject: 'आपकी सूचना मिल गई: आपका मोहर खाता 30 दिन में बंद होगा',
    lines: ({ name, effective, profileUrl, text }) => [
      `नमस्ते ${name},`,
      `सहमति वापस लेने की आपकी लिखित सूचना हमें मिल गई है। आपका खाता ${effective} को निष्क्रिय कर दिया जाएगा: आप साइन आउट हो जाएँगे, जो आवेदन अभी सत्र तक नहीं पहुँचे वे रद्द होंगे (चुकाया गया शुल्क रिफ़ंड नीति के अनुसार लौटाया जाएगा), और आपका निजी डेटा मिटा दिया जाएगा।`,
      'हम केवल वही रखते हैं जो क़ानून माँगता है: नोटरी रजिस्टर की प्रविष्टियाँ, नोटरीकृत दस्तावेज़ों के फ़िंगरप्रिंट, भुगतान रिकॉर्ड और चालान, और कॉल रिकॉर्डिंग उनकी अवधि पूरी होने तक।',
      `मन बदल गया? उस तारीख से पहले अपनी प्रोफ़ाइल से अनुरोध रद्द करें: ${profileUrl}`,
      `आपकी सूचना, जैसी आपने लिखी: “${text}”`,
      `प्रश्न या शिकायत: ${GRIEVANCE_OFFICER.name}, शिकायत अधिकारी, ${GRIEVANCE_OFFICER.email}।`,
    ],
  },
};

/** To the person, in their language: the notice is on file, the date it takes effect, how to cancel. */
export function withdrawalReceivedMail(options: {
  to: string;
  name: string;
  language: string | null;
  effectiveAt: Date;
  profileUrl: string;
  text: string;
}): Mail {
  const language = mailLanguage(options.language);
  const texts = WITHDRAWAL[language];
  return simpleMail({
    to: options.to,
    subject: texts.subject,
    language,
    lines: texts.lines({
      name: options.name,
      effective: mailDate(options.effectiveAt, language),
      profileUrl: options.profileUrl,
      text: options.text,
    }),
  });
}

const CLOSED: InLanguages<{ subject: string; lines: (name: string) => string[] }> = {
  en: {
    subject: 'Your Mohar account is closed',
    lines: (name) => [
      `Hello ${name},`,
      'As you asked, your Mohar account is now closed and your personal data erased. This is the last e-mail we send to this address.',
      'We keep only what the law requires: notarial register entries, the fingerprints of notarised documents, payment records and invoices, and call recordings until their retention period ends.',
      `Questions or a grievance: ${GRIEVANCE_OFFICER.name}, Grievance Officer, ${GRIEVANCE_OFFICER.email}.`,
    ],
  },
  hi: {
    subject: 'आपका मोहर खाता बंद हो गया है',
    lines: (name) => [
      `नमस्ते ${name},`,
      'आपके अनुरोध के अनुसार आपका मोहर खाता अब बंद है और आपका निजी डेटा मिटा दिया गया है। इस पते पर यह हमारा आख़िरी ई-मेल है।',
      'हम केवल वही रखते हैं जो क़ानून माँगता है: नोटरी रजिस्टर की प्रविष्टियाँ, नोटरीकृत दस्तावेज़ों के फ़िंगरप्रिंट, भुगतान रिकॉर्ड और चालान, और कॉल रिकॉर्डिंग उनकी अवधि पूरी होने तक।',
      `प्रश्न या शिकायत: ${GRIEVANCE_OFFICER.name}, शिकायत अधिकारी, ${GRIEVANCE_OFFICER.email}।`,
    ],
  },
};

/** The last mail to the old address, written before it is erased (the outbox keeps it until sent). */
export function accountClosedMail(options: { to: string; name: string; language: string | null }): Mail {
  const language = mailLanguage(options.language);
  return simpleMail({
    to: options.to,
    subject: CLOSED[language].subject,
    language,
    lines: CLOSED[language].lines(options.name),
  });
}

const EXPORT_READY: InLanguages<{
  subject: string;
  lines: (o: { name: string; url: string; until: string; profileUrl: string }) => string[];
}> = {
  en: {
    subject: 'Your Mohar data is ready to download',
    lines: ({ name, url, until, profileUrl }) => [
      `Hello ${name},`,
      `The archive of your data you asked for is ready. Download it here, signed in to your Mohar account, until ${until}: ${url}`,
      `Not signed in? Sign in and download it from your profile: ${profileUrl}`,
      'After that date the archive is deleted; you can ask for a new one from your profile at any time.',
      `Questions or a grievance: ${GRIEVANCE_OFFICER.name}, Grievance Officer, ${GRIEVANCE_OFFICER.email}.`,
    ],
  },
  hi: {
    subject: 'आपका मोहर डेटा डाउनलोड के लिए तैयार है',
    lines: ({ name, url, until, profileUrl }) => [
      `नमस्ते ${name},`,
      `आपके माँगे गए डेटा का संग्रह तैयार है। अपने मोहर खाते में साइन इन करके ${until} तक यहाँ से डाउनलोड करें: ${url}`,
      `साइन इन नहीं हैं? साइन इन करके अपनी प्रोफ़ाइल से डाउनलोड करें: ${profileUrl}`,
      'उस तारीख के बाद संग्रह मिटा दिया जाता है; आप कभी भी अपनी प्रोफ़ाइल से नया माँग सकते हैं।',
      `प्रश्न या शिकायत: ${GRIEVANCE_OFFICER.name}, शिकायत अधिकारी, ${GRIEVANCE_OFFICER.email}।`,
    ],
  },
};

/** The data export is ready: the link (for the signed-in person only) and the date it stops working. */
export function exportReadyMail(options: {
  to: string;
  name: string;
  language: string | null;
  url: string;
  profileUrl: string;
  expiresAt: Date;
}): Mail {
  const language = mailLanguage(options.language);
  return simpleMail({
    to: options.to,
    subject: EXPORT_READY[language].subject,
    language,
    lines: EXPORT_READY[language].lines({
      name: options.name,
      url: options.url,
      profileUrl: options.profileUrl,
      until: mailDate(options.expiresAt, language),
    }),
  });
}
