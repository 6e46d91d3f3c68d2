import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface TestInbox {
  /** The value for SMTP_URL. */
  url: string;
  mails: ReceivedMail[];
  /** The mails sent to this address so far. */
  to(address: string): ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server in the test process: no TLS, no auth, every message kept. `port` starts it where an inbox that
 * was closed listened (SMTP back after an outage); by default any free port.
 */
export async function startInbox(port = 0): Promise<TestInbox> {
  const mails: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  const address = smtp.server.address();
  const listening = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${listening}`,
    mails,
    to: (address) => mails.filter((mail) => mail.to.includes(address)),
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
