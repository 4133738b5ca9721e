import { createTransport } from 'nodemailer';
import type { SmtpSettings } from '../../../src/lib/resources/system/messaging.ts';
import type { OutgoingMessage } from './webhooks.ts';

/** Sends one mail through the configured SMTP server; every phase (DNS, connect, greeting, idle) is bounded. */
export async function sendMail(s: SmtpSettings, msg: OutgoingMessage, timeoutMs: number): Promise<void> {
  const transport = createTransport({
    host: s.host,
    port: s.port,
    secure: s.security === 'SSL',
    requireTLS: s.security === 'STARTTLS',
    ignoreTLS: s.security === 'NONE',
    auth: s.username ? { user: s.username, pass: s.password ?? '' } : undefined,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
  });
  try {
    await transport.sendMail({
      from: s.fromName ? { name: s.fromName, address: s.fromAddress } : s.fromAddress,
      to: msg.to,
      subject: msg.subject,
      text: msg.text,
    });
  } finally {
    transport.close();
  }
}
