import type { SmtpSettings } from '../../../shared/resources/system/messaging.ts';
import { isIP } from 'node:net';
import type { OutgoingMessage } from './webhooks.ts';
import { allowedAddresses, type TargetPolicy } from './target-guard.ts';

/**
 * Sends one mail through the configured SMTP server; every phase (DNS, connect, greeting, idle) is
 * bounded. The host is resolved and checked here, and the connection goes to that checked address
 * (TLS still verifies the host's name), so nodemailer never resolves it again.
 */
export async function sendMail(s: SmtpSettings, msg: OutgoingMessage, target: string, policy: TargetPolicy, timeoutMs: number): Promise<void> {
  const [address] = await allowedAddresses(s.host, target, policy);
  const name = s.host.replace(/^\[|\]$/g, '');
  // Loaded at the first mail, not at the server's start: a hundred modules most servers never use.
  const { createTransport } = await import('nodemailer');
  const transport = createTransport({
    host: address!.address,
    servername: isIP(name) ? undefined : name,
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
