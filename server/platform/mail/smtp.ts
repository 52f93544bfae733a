import nodemailer from 'nodemailer';
import type { Mail, MailTransport } from './mailer.ts';

/** Delivers through the SMTP server at SMTP_URL (smtp:// or smtps://user:pass@host:port). */
export function createSmtpTransport(smtpUrl: string, from: string): MailTransport & { close(): void } {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    name: 'smtp',
    async deliver(mail: Mail) {
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        ...(mail.headers ? { headers: mail.headers } : {}),
      });
    },
    close() {
      transporter.close();
    },
  };
}
