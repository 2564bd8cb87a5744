import nodemailer from 'nodemailer';

/** A file sent with a message (a GST document's PDF). */
export interface Attachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface OutgoingMessage {
  to: string;
  subject: string;
  text: string;
  attachments?: Attachment[];
}

/** Delivers one message or throws. SMS/WhatsApp transports implement the same interface. */
export interface MailTransport {
  readonly name: string;
  send(msg: OutgoingMessage): Promise<void>;
  close?(): void;
}

/**
 * A failure that retrying will not fix: an SMTP 5xx reply (RFC 5321 permanent
 * negative completion, e.g. 550 mailbox unavailable). 4xx replies and network
 * errors are temporary and retried.
 */
export function isPermanentFailure(err: unknown): boolean {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** Email over SMTP (`SMTP_URL`, e.g. smtp://user:pass@host:587 or smtps://…:465). */
export function smtpTransport(url: string, from: string): MailTransport {
  const t = nodemailer.createTransport({
    url,
    connectionTimeout: 20_000,
    greetingTimeout: 20_000,
    socketTimeout: 60_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    name: 'smtp',
    async send(msg) {
      await t.sendMail({ from, to: msg.to, subject: msg.subject, text: msg.text, attachments: msg.attachments });
    },
    close: () => t.close(),
  };
}

/**
 * Without a mail server the message counts as sent and goes to the log: in
 * development and tests with its recipient, subject and text (to read what
 * would be sent); in production only the fact (a recipient and a pet's
 * reminder are personal data, and logs are no mailbox).
 */
export function logTransport(log: (obj: object, msg: string) => void, opts: { withContent: boolean }): MailTransport {
  return {
    name: 'log',
    async send(msg) {
      const attachments = msg.attachments?.map((a) => `${a.filename} (${a.content.length} bytes)`);
      if (opts.withContent) log({ to: msg.to, subject: msg.subject, attachments }, `mail (log transport): ${msg.text}`);
      else log({}, 'mail (log transport): a message was not sent because SMTP_URL is not set');
    },
  };
}
