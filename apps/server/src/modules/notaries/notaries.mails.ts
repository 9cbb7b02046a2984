import { type InLanguages, mailLanguage, simpleMail } from '../../platform/mail-layout.ts';
import type { Mail } from '../../platform/mailer.ts';

type Decision = 'submitted' | 'verified' | 'rejected' | 'suspended' | 'reinstated';

const TEXTS: InLanguages<{
  hello: (name: string) => string;
  notGiven: string;
  decisions: Record<Decision, { subject: string; lines: (reason: string) => string[]; withLink: boolean }>;
}> = {
  en: {
    hello: (name) => `Hello ${name},`,
    notGiven: 'not given',
    decisions: {
      submitted: {
        subject: 'We received your notary application',
        lines: () => [
          'Thank you. Our team will check your certificate of practice and details, usually within two working days. We will e-mail you the decision.',
        ],
        withLink: true,
      },
      verified: {
        subject: 'You are verified as a notary on Mohar',
        lines: () => [
          'Your application is approved. Set your availability and go online to receive notarisation requests.',
        ],
        withLink: true,
      },
      rejected: {
        subject: 'Your notary application needs changes',
        lines: (reason) => [
          `We could not verify your application. Reason: ${reason}`,
          'You can correct your details and submit again.',
        ],
        withLink: true,
      },
      suspended: {
        subject: 'Your notary account on Mohar is suspended',
        lines: (reason) => [
          `You cannot take notarisations for now. Reason: ${reason}`,
          'Contact support if you have questions.',
        ],
        withLink: false,
      },
      reinstated: {
        subject: 'Your notary account on Mohar is active again',
        lines: () => ['You can go online and take notarisations again.'],
        withLink: true,
      },
    },
  },
  hi: {
    hello: (name) => `नमस्ते ${name},`,
    notGiven: 'नहीं बताया गया',
    decisions: {
      submitted: {
        subject: 'हमें आपका नोटरी आवेदन मिल गया है',
        lines: () => [
          'धन्यवाद। हमारी टीम आपके प्रैक्टिस प्रमाणपत्र और विवरण की जाँच करेगी, आमतौर पर दो कार्य दिवसों के भीतर। हम आपको निर्णय ई-मेल करेंगे।',
        ],
        withLink: true,
      },
      verified: {
        subject: 'मोहर पर आप नोटरी के रूप में सत्यापित हैं',
        lines: () => ['आपका आवेदन स्वीकृत है। नोटरीकरण अनुरोध पाने के लिए अपनी उपलब्धता तय करें और ऑनलाइन हों।'],
        withLink: true,
      },
      rejected: {
        subject: 'आपके नोटरी आवेदन में बदलाव आवश्यक हैं',
        lines: (reason) => [
          `हम आपका आवेदन सत्यापित नहीं कर सके। कारण: ${reason}`,
          'आप अपना विवरण सुधारकर फिर से जमा कर सकते हैं।',
        ],
        withLink: true,
      },
      suspended: {
        subject: 'मोहर पर आपका नोटरी खाता निलंबित है',
        lines: (reason) => [
          `आप फ़िलहाल नोटरीकरण नहीं कर सकते। कारण: ${reason}`,
          'कोई प्रश्न हो तो सहायता से संपर्क करें।',
        ],
        withLink: false,
      },
      reinstated: {
        subject: 'मोहर पर आपका नोटरी खाता फिर से सक्रिय है',
        lines: () => ['आप फिर से ऑनलाइन होकर नोटरीकरण कर सकते हैं।'],
        withLink: true,
      },
    },
  },
};

export function notaryDecisionMail(options: {
  to: string;
  name: string | null;
  decision: Decision;
  reason?: string | null;
  dashboardUrl: string;
  language: string | null | undefined;
}): Mail {
  const language = mailLanguage(options.language);
  const t = TEXTS[language];
  const decision = t.decisions[options.decision];
  return simpleMail({
    to: options.to,
    language,
    subject: decision.subject,
    lines: [
      t.hello(options.name ?? (language === 'hi' ? 'जी' : 'there')),
      ...decision.lines(options.reason ?? t.notGiven),
      ...(decision.withLink ? [options.dashboardUrl] : []),
    ],
  });
}
