import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type Received = { to: string; subject: string; text: string; html: string };

/** A real SMTP server on 127.0.0.1 that keeps what it receives; `refuseOnceFor` refuses one message to that address. */
export async function startSmtpServer() {
  const inbox: Received[] = [];
  const state = { refuseOnceFor: '' };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          const to = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
          if (to && to === state.refuseOnceFor) {
            state.refuseOnceFor = '';
            const error = new Error('mailbox temporarily unavailable') as Error & { responseCode: number };
            error.responseCode = 451;
            return callback(error);
          }
          inbox.push({
            to: to ?? '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: String(mail.html ?? ''),
          });
          return callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { inbox, state, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The first mail to `to` with this subject, once it has arrived (or an error listing what did). */
export async function waitForMail(inbox: Received[], to: string, subject: string): Promise<Received> {
  for (let i = 0; i < 100; i++) {
    const found = inbox.find((m) => m.to === to && m.subject === subject);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(
    `no "${subject}" mail to ${to}; got ${inbox.map((m) => `${m.to}: ${m.subject}`).join(', ')}`,
  );
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpServer>>;
