import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export type Mail = { to: string; subject: string; text: string; html?: string };

export type Mailer = { sendMail: (mail: Mail) => Promise<void>; close: () => void };

/**
 * Sends over SMTP_URL. Without it the mail is written to the log instead, so the product runs with no mail
 * server; links such as password resets can then be copied from the log.
 */
export const createMailer = (
  options: { smtpUrl: string | undefined; from: string },
  logger: FastifyBaseLogger,
): Mailer => {
  if (!options.smtpUrl) {
    return {
      async sendMail(mail) {
        logger.info(
          { mail: { to: mail.to, subject: mail.subject, text: mail.text } },
          'mail not sent: SMTP_URL is unset',
        );
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async sendMail(mail) {
      await transport.sendMail({ from: options.from, ...mail });
    },
    close() {
      transport.close();
    },
  };
};
