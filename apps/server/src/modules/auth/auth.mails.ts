import {
  EMAIL_CHANGE_CONFIRM_TTL_HOURS,
  EMAIL_CHANGE_UNDO_DAYS,
  EMAIL_VERIFICATION_TTL_HOURS,
  LOGIN_LIMITS,
  PASSWORD_RESET_TTL_MINUTES,
} from '@mohar/contracts';
import { type InLanguages, MAIL_FOOTER, MAIL_SIGNATURE, mailLanguage } from '../../platform/mail-layout.ts';
import type { Mail } from '../../platform/mailer.ts';

type Language = string | null | undefined;

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Branded, table-free HTML that mail clients render, with the same words as the plain-text part. */
function layout(options: {
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  after?: string[];
  language: Language;
}): Mail {
  const { greeting, paragraphs, action, after = [] } = options;
  const language = mailLanguage(options.language);
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    ...after.flatMap((p) => [p, '']),
    MAIL_SIGNATURE[language],
  ].join('\n');
  const p = (t: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(t)}</p>`;
  const html = `<!doctype html><html lang="${language}"><body style="margin:0;background:#f4f5fb;font-family:Inter,Segoe UI,Arial,sans-serif;color:#1b1e3c">
<div style="max-width:560px;margin:0 auto;padding:32px 16px">
<div style="font-size:20px;font-weight:700;color:#2f3a8f;margin-bottom:24px">◉ Mohar</div>
<div style="background:#ffffff;border-radius:12px;padding:28px">
${p(greeting)}
${paragraphs.map(p).join('\n')}
${action ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#2f3a8f;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;display:inline-block;font-weight:600">${escapeHtml(action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#4a4f6a;word-break:break-all">${escapeHtml(action.url)}</p>` : ''}
${after.map(p).join('\n')}
</div>
<p style="font-size:12px;color:#4a4f6a;margin-top:16px">${MAIL_FOOTER[language]}</p>
</div></body></html>`;
  return { to: options.to, subject: options.subject, text, html };
}

type AuthTexts = {
  hello: (name: string) => string;
  emailChange: {
    confirmSubject: string;
    asked: string;
    confirmAction: string;
    confirmExpires: string;
    ignore: string;
    changedSubject: string;
    changed: (newEmail: string) => string;
    undoAction: string;
    undoExpires: string;
    undoneSubject: string;
    undone: (oldEmail: string) => string;
  };
  verification: { subject: string; welcome: string; action: string; expires: string; ignore: string };
  alreadyRegistered: {
    subject: string;
    attempt: string;
    ifYou: (loginUrl: string) => string;
    action: string;
    notYou: string;
  };
  reset: { subject: string; asked: string; action: string; expires: string; ignore: string };
  changed: { subject: string; changed: string; notYou: (supportUrl: string) => string };
  signInLink: {
    subject: string;
    paused: string;
    stillLink: string;
    action: string;
    expires: string;
    notYou: (resetUrl: string) => string;
  };
  adminInvitation: {
    subject: string;
    invited: (inviterName: string) => string;
    choose: string;
    action: string;
    expires: (ttlHours: number) => string;
    notExpected: string;
  };
  mfaReset: {
    subject: string;
    turnedOff: string;
    passwordAlone: string;
    notYou: (supportUrl: string) => string;
  };
};

const TEXTS: InLanguages<AuthTexts> = {
  en: {
    hello: (name) => `Hello ${name},`,
    emailChange: {
      confirmSubject: 'Confirm your new e-mail address for Mohar',
      asked: 'You asked to use this address for your Mohar account. It changes only when you confirm it.',
      confirmAction: 'Confirm new e-mail address',
      confirmExpires: `This link works once and expires in ${EMAIL_CHANGE_CONFIRM_TTL_HOURS} hours.`,
      ignore: 'If you did not ask for this, ignore this e-mail: nothing changes.',
      changedSubject: 'The e-mail address of your Mohar account was changed',
      changed: (newEmail) => `The e-mail address of your Mohar account was changed to ${newEmail}.`,
      undoAction: 'This was not me: undo the change',
      undoExpires: `This link puts this address back and signs out every device. It works once, for ${EMAIL_CHANGE_UNDO_DAYS} days.`,
      undoneSubject: 'The change of your Mohar e-mail address was undone',
      undone: (oldEmail) =>
        `The e-mail address of your Mohar account is ${oldEmail} again, and every device was signed out. Choose a new password if you think someone else knows it.`,
    },
    verification: {
      subject: 'Verify your e-mail address for Mohar',
      welcome: 'Welcome to Mohar. Please confirm that this is your e-mail address.',
      action: 'Verify e-mail address',
      expires: `This link works once and expires in ${EMAIL_VERIFICATION_TTL_HOURS} hours.`,
      ignore: 'If you did not create a Mohar account, you can ignore this e-mail.',
    },
    alreadyRegistered: {
      subject: 'Someone tried to register with your e-mail address',
      attempt:
        'Someone (perhaps you) tried to create a new Mohar account with this e-mail address. You already have an account, so nothing was changed.',
      ifYou: (loginUrl) =>
        `If it was you, log in at ${loginUrl}. If you forgot your password, reset it here:`,
      action: 'Reset password',
      notYou: 'If it was not you, you can ignore this e-mail. Your account is safe.',
    },
    reset: {
      subject: 'Reset your Mohar password',
      asked: 'We received a request to reset the password of your Mohar account.',
      action: 'Choose a new password',
      expires: `This link works once and expires in ${PASSWORD_RESET_TTL_MINUTES} minutes.`,
      ignore: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    },
    changed: {
      subject: 'Your Mohar password was changed',
      changed:
        'The password of your Mohar account was just changed, and every other signed-in device was signed out.',
      notYou: (supportUrl) =>
        `If you did not do this, reset your password now and contact support: ${supportUrl}`,
    },
    signInLink: {
      subject: 'Someone is trying to sign in to your Mohar account',
      paused: `Someone entered a wrong password for your Mohar account ${LOGIN_LIMITS.perAccount} times within an hour. To protect it, signing in with the password is paused for up to an hour.`,
      stillLink: 'You can still sign in with this one-time link:',
      action: 'Sign in to Mohar',
      expires: `This link works once and expires in ${LOGIN_LIMITS.signInLinkMinutes} minutes. If your account has two-step verification, you will still be asked for your code.`,
      notYou: (resetUrl) =>
        `If these attempts were not you, someone may know your e-mail address: choose a new, strong password at ${resetUrl}.`,
    },
    adminInvitation: {
      subject: 'You are invited to the Mohar console',
      invited: (inviterName) => `${inviterName} invited you to help run Mohar in its admin console.`,
      choose: 'Choose a password to open your account. You will then set up two-step verification.',
      action: 'Choose your password',
      expires: (ttlHours) => `This link works once and expires in ${ttlHours} hours.`,
      notExpected: 'If you did not expect this, ignore this e-mail: no account is usable without the link.',
    },
    mfaReset: {
      subject: 'Two-step verification was turned off on your Mohar account',
      turnedOff:
        'At your request, Mohar support turned off two-step verification on your account and signed you out everywhere.',
      passwordAlone:
        'You now sign in with your password alone. Turn two-step verification on again in your profile’s security page.',
      notYou: (supportUrl) => `If you did not ask for this, contact Mohar support at once: ${supportUrl}`,
    },
  },
  hi: {
    hello: (name) => `नमस्ते ${name},`,
    emailChange: {
      confirmSubject: 'मोहर के लिए अपने नए ई-मेल पते की पुष्टि करें',
      asked: 'आपने अपने मोहर खाते के लिए इस पते का उपयोग करने का अनुरोध किया है। यह आपकी पुष्टि के बाद ही बदलेगा।',
      confirmAction: 'नए ई-मेल पते की पुष्टि करें',
      confirmExpires: `यह लिंक एक ही बार काम करता है और ${EMAIL_CHANGE_CONFIRM_TTL_HOURS} घंटे में समाप्त हो जाता है।`,
      ignore: 'यदि आपने यह अनुरोध नहीं किया, तो इस ई-मेल को अनदेखा करें: कुछ नहीं बदलेगा।',
      changedSubject: 'आपके मोहर खाते का ई-मेल पता बदल दिया गया',
      changed: (newEmail) => `आपके मोहर खाते का ई-मेल पता बदलकर ${newEmail} कर दिया गया है।`,
      undoAction: 'यह मैंने नहीं किया: बदलाव वापस लें',
      undoExpires: `यह लिंक यह पता वापस लगाता है और हर डिवाइस को साइन आउट करता है। यह ${EMAIL_CHANGE_UNDO_DAYS} दिनों तक, एक ही बार काम करता है।`,
      undoneSubject: 'आपके मोहर ई-मेल पते का बदलाव वापस ले लिया गया',
      undone: (oldEmail) =>
        `आपके मोहर खाते का ई-मेल पता फिर से ${oldEmail} है, और हर डिवाइस को साइन आउट कर दिया गया है। यदि आपको लगता है कि किसी और को आपका पासवर्ड पता है, तो नया पासवर्ड चुनें।`,
    },
    verification: {
      subject: 'मोहर के लिए अपना ई-मेल पता सत्यापित करें',
      welcome: 'मोहर में आपका स्वागत है। कृपया पुष्टि करें कि यह आपका ई-मेल पता है।',
      action: 'ई-मेल पता सत्यापित करें',
      expires: `यह लिंक एक ही बार काम करता है और ${EMAIL_VERIFICATION_TTL_HOURS} घंटे में समाप्त हो जाता है।`,
      ignore: 'यदि आपने मोहर खाता नहीं बनाया है, तो आप इस ई-मेल को अनदेखा कर सकते हैं।',
    },
    alreadyRegistered: {
      subject: 'किसी ने आपके ई-मेल पते से पंजीकरण करने का प्रयास किया',
      attempt:
        'किसी ने (शायद आपने) इस ई-मेल पते से नया मोहर खाता बनाने का प्रयास किया। आपका खाता पहले से है, इसलिए कुछ भी नहीं बदला गया।',
      ifYou: (loginUrl) =>
        `यदि यह आप थे, तो ${loginUrl} पर लॉग इन करें। यदि आप अपना पासवर्ड भूल गए हैं, तो उसे यहाँ रीसेट करें:`,
      action: 'पासवर्ड रीसेट करें',
      notYou: 'यदि यह आप नहीं थे, तो आप इस ई-मेल को अनदेखा कर सकते हैं। आपका खाता सुरक्षित है।',
    },
    reset: {
      subject: 'अपना मोहर पासवर्ड रीसेट करें',
      asked: 'हमें आपके मोहर खाते का पासवर्ड रीसेट करने का अनुरोध मिला है।',
      action: 'नया पासवर्ड चुनें',
      expires: `यह लिंक एक ही बार काम करता है और ${PASSWORD_RESET_TTL_MINUTES} मिनट में समाप्त हो जाता है।`,
      ignore: 'यदि आपने यह अनुरोध नहीं किया, तो इस ई-मेल को अनदेखा करें: आपका पासवर्ड वैसा ही रहेगा।',
    },
    changed: {
      subject: 'आपका मोहर पासवर्ड बदल दिया गया',
      changed:
        'आपके मोहर खाते का पासवर्ड अभी बदला गया है, और हर दूसरे साइन-इन किए गए डिवाइस को साइन आउट कर दिया गया है।',
      notYou: (supportUrl) =>
        `यदि यह आपने नहीं किया, तो अभी अपना पासवर्ड रीसेट करें और सहायता से संपर्क करें: ${supportUrl}`,
    },
    signInLink: {
      subject: 'कोई आपके मोहर खाते में साइन इन करने का प्रयास कर रहा है',
      paused: `किसी ने एक घंटे के भीतर आपके मोहर खाते के लिए ${LOGIN_LIMITS.perAccount} बार गलत पासवर्ड डाला। इसकी सुरक्षा के लिए पासवर्ड से साइन इन अधिकतम एक घंटे के लिए रोक दिया गया है।`,
      stillLink: 'आप अब भी इस एक-बार के लिंक से साइन इन कर सकते हैं:',
      action: 'मोहर में साइन इन करें',
      expires: `यह लिंक एक ही बार काम करता है और ${LOGIN_LIMITS.signInLinkMinutes} मिनट में समाप्त हो जाता है। यदि आपके खाते में दो-चरणीय सत्यापन है, तो आपसे फिर भी आपका कोड माँगा जाएगा।`,
      notYou: (resetUrl) =>
        `यदि ये प्रयास आपने नहीं किए, तो हो सकता है किसी को आपका ई-मेल पता पता हो: ${resetUrl} पर एक नया, मज़बूत पासवर्ड चुनें।`,
    },
    adminInvitation: {
      subject: 'आपको मोहर कंसोल में आमंत्रित किया गया है',
      invited: (inviterName) =>
        `${inviterName} ने आपको मोहर के एडमिन कंसोल में इसे चलाने में मदद के लिए आमंत्रित किया है।`,
      choose: 'अपना खाता खोलने के लिए एक पासवर्ड चुनें। इसके बाद आप दो-चरणीय सत्यापन सेट करेंगे।',
      action: 'अपना पासवर्ड चुनें',
      expires: (ttlHours) => `यह लिंक एक ही बार काम करता है और ${ttlHours} घंटे में समाप्त हो जाता है।`,
      notExpected:
        'यदि आपको इसकी उम्मीद नहीं थी, तो इस ई-मेल को अनदेखा करें: लिंक के बिना कोई खाता उपयोग योग्य नहीं है।',
    },
    mfaReset: {
      subject: 'आपके मोहर खाते पर दो-चरणीय सत्यापन बंद कर दिया गया',
      turnedOff:
        'आपके अनुरोध पर, मोहर सहायता ने आपके खाते पर दो-चरणीय सत्यापन बंद कर दिया और आपको हर जगह से साइन आउट कर दिया।',
      passwordAlone:
        'अब आप केवल अपने पासवर्ड से साइन इन करते हैं। अपनी प्रोफ़ाइल के सुरक्षा पेज में दो-चरणीय सत्यापन फिर से चालू करें।',
      notYou: (supportUrl) => `यदि आपने यह नहीं माँगा था, तो तुरंत मोहर सहायता से संपर्क करें: ${supportUrl}`,
    },
  },
};

type To = { to: string; name: string; language: Language };

export function verificationMail(options: To & { url: string }): Mail {
  const t = TEXTS[mailLanguage(options.language)];
  return layout({
    to: options.to,
    language: options.language,
    subject: t.verification.subject,
    greeting: t.hello(options.name),
    paragraphs: [t.verification.welcome],
    action: { label: t.verification.action, url: options.url },
    after: [t.verification.expires, t.verification.ignore],
  });
}

/** Sent instead of a second account: the owner learns of the attempt, the person registering learns nothing. */
export function alreadyRegisteredMail(options: To & { loginUrl: string; resetUrl: string }): Mail {
  const t = TEXTS[mailLanguage(options.language)].alreadyRegistered;
  return layout({
    to: options.to,
    language: options.language,
    subject: t.subject,
    greeting: TEXTS[mailLanguage(options.language)].hello(options.name),
    paragraphs: [t.attempt, t.ifYou(options.loginUrl)],
    action: { label: t.action, url: options.resetUrl },
    after: [t.notYou],
  });
}

export function passwordResetMail(options: To & { url: string }): Mail {
  const t = TEXTS[mailLanguage(options.language)];
  return layout({
    to: options.to,
    language: options.language,
    subject: t.reset.subject,
    greeting: t.hello(options.name),
    paragraphs: [t.reset.asked],
    action: { label: t.reset.action, url: options.url },
    after: [t.reset.expires, t.reset.ignore],
  });
}

export function passwordChangedMail(options: To & { supportUrl: string }): Mail {
  const t = TEXTS[mailLanguage(options.language)];
  return layout({
    to: options.to,
    language: options.language,
    subject: t.changed.subject,
    greeting: t.hello(options.name),
    paragraphs: [t.changed.changed, t.changed.notYou(options.supportUrl)],
  });
}

/** Sent once when password sign-in to the account is paused: someone kept guessing its password. */
export function signInLinkMail(options: To & { url: string; resetUrl: string }): Mail {
  const t = TEXTS[mailLanguage(options.language)];
  return layout({
    to: options.to,
    language: options.language,
    subject: t.signInLink.subject,
    greeting: t.hello(options.name),
    paragraphs: [t.signInLink.paused, t.signInLink.stillLink],
    action: { label: t.signInLink.action, url: options.url },
    after: [t.signInLink.expires, t.signInLink.notYou(options.resetUrl)],
  });
}

/** An owner invited someone to run part of Mohar (decision 0058): the link sets their password. */
export function adminInvitationMail(
  options: To & { inviterName: string; url: string; ttlHours: number },
): Mail {
  const t = TEXTS[mailLanguage(options.language)].adminInvitation;
  return layout({
    to: options.to,
    language: options.language,
    subject: t.subject,
    greeting: TEXTS[mailLanguage(options.language)].hello(options.name),
    paragraphs: [t.invited(options.inviterName), t.choose],
    action: { label: t.action, url: options.url },
    after: [t.expires(options.ttlHours), t.notExpected],
  });
}

/** Mohar support turned off the client's two-step verification (decision 0058). */
export function mfaResetMail(options: To & { supportUrl: string }): Mail {
  const t = TEXTS[mailLanguage(options.language)].mfaReset;
  return layout({
    to: options.to,
    language: options.language,
    subject: t.subject,
    greeting: TEXTS[mailLanguage(options.language)].hello(options.name),
    paragraphs: [t.turnedOff, t.passwordAlone],
    after: [t.notYou(options.supportUrl)],
  });
}

/** To the new address: the change happens only when this link is followed. */
export function emailChangeConfirmMail(options: To & { url: string }): Mail {
  const t = TEXTS[mailLanguage(options.language)];
  return layout({
    to: options.to,
    language: options.language,
    subject: t.emailChange.confirmSubject,
    greeting: t.hello(options.name),
    paragraphs: [t.emailChange.asked],
    action: { label: t.emailChange.confirmAction, url: options.url },
    after: [t.emailChange.confirmExpires, t.emailChange.ignore],
  });
}

/** To the old address once the change is made, with the link that undoes it. */
export function emailChangedMail(options: To & { newEmail: string; undoUrl: string }): Mail {
  const t = TEXTS[mailLanguage(options.language)];
  return layout({
    to: options.to,
    language: options.language,
    subject: t.emailChange.changedSubject,
    greeting: t.hello(options.name),
    paragraphs: [t.emailChange.changed(options.newEmail)],
    action: { label: t.emailChange.undoAction, url: options.undoUrl },
    after: [t.emailChange.undoExpires],
  });
}

/** To the restored address after an undo. */
export function emailChangeUndoneMail(options: To & { oldEmail: string }): Mail {
  const t = TEXTS[mailLanguage(options.language)];
  return layout({
    to: options.to,
    language: options.language,
    subject: t.emailChange.undoneSubject,
    greeting: t.hello(options.name),
    paragraphs: [t.emailChange.undone(options.oldEmail)],
  });
}
