import type { AddressInfo } from 'node:net';
import type { Task } from '@conversa/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { jobs, tasks } from '../../core/db/schema';
import { createEventBus } from '../../core/events';
import { createJobQueue } from '../../core/jobs/job-queue';
import { createMailer } from '../../core/mail/mailer';
import { seedDatabase } from '../../seed/seed';
import { staffUser } from '../../test/company-fixture';
import { type ReceivedMail, startSmtpInbox } from '../../test/smtp-inbox';
import { call, createTestDatabase, type Session, signupCompany, testConfig } from '../../test/test-app';
import { createContact, createTask, TASK_KEYS } from './tasks.fixtures';
import { createTaskReminders, reminderKey } from './tasks.reminders';

/*
 * Reminders against a real SMTP server, with two apps on one database standing for two server processes
 * (each its own pool and job worker), a mail server that fails in the middle, and a restart.
 */

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
const apps: FastifyInstance[] = [];
let first: FastifyInstance;
let owner: Session & { email: string };
let zoe: Session & { email: string };
let contactId: string;
let counter = 0;

const start = async () => {
  const app = await buildApp(testConfig({ databaseUrl: database.url, smtpUrl: inbox.url }));
  apps.push(app);
  // Ready, as listening makes a server: its start-up work (the reminder sweep) runs.
  await app.ready();
  return app;
};
const stop = async (app: FastifyInstance) => {
  apps.splice(apps.indexOf(app), 1);
  await app.close();
};

const soon = (ms: number) => new Date(Date.now() + ms).toISOString();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mailsOf = (title: string) => inbox.mails.filter((mail) => mail.text.includes(title));
const subjectOf = (mail: ReceivedMail) => /^Subject: (.*)$/m.exec(mail.text)?.[1] ?? '';

const reminderTask = async (app: FastifyInstance, notifyBefore: string) => {
  counter += 1;
  const title = `Follow-up ${counter}x${Date.now().toString(36)}`;
  const task = await createTask(app, owner.token, {
    title,
    due_date: soon(3 * 86_400_000),
    owner: [owner.userId, zoe.userId],
    module: 'contact',
    contact_id: contactId,
    notify_enable: true,
    notify_before: notifyBefore,
  });
  return { task, title };
};

/** The reminder made due at once in the database, its job left far ahead: only a direct run can send it. */
const dueWithoutItsJob = async (app: FastifyInstance) => {
  const made = await reminderTask(app, soon(86_400_000));
  await app.database.db
    .update(tasks)
    .set({ notify_before: sql`now() - interval '1 second'` })
    .where(eq(tasks.id, made.task.id));
  return made;
};

const remindersOf = (app: FastifyInstance, smtpUrl: string) =>
  createTaskReminders({
    db: app.database.db,
    // A queue of its own that never starts: these runs are called directly.
    queue: createJobQueue({ db: app.database.db, logger: app.log }),
    mailer: createMailer({ smtpUrl, from: 'Conversa <no-reply@conversa.test>' }, app.log),
    events: createEventBus(app.log),
    publicUrl: 'http://conversa.test',
  });

beforeAll(async () => {
  inbox = await startSmtpInbox();
  database = await createTestDatabase();
  first = await start();
  await seedDatabase(first.database.db, {
    masterEmail: 'master@conversa.test',
    masterPassword: 'Master#Pass2026',
    seedDemo: false,
  });
  owner = await signupCompany(first);
  zoe = await staffUser(first, owner.clientId, 'Zoé Staff', TASK_KEYS, 'fr');
  contactId = await createContact(first, owner.token);
}, 60_000);
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await database?.drop();
  await inbox?.close();
});

describe('task reminders by e-mail', () => {
  it('goes out once to each participant, in their language, with two workers racing for it', async () => {
    const second = await start();
    const { task, title } = await reminderTask(first, soon(1500));
    await expect.poll(() => mailsOf(title).length, { timeout: 10_000 }).toBe(2);
    await sleep(2500);
    const mails = mailsOf(title);
    expect(mails.map((mail) => mail.to)).toEqual(expect.arrayContaining([[owner.email], [zoe.email]]));
    expect(mails).toHaveLength(2);
    const toOwner = mails.find((mail) => mail.to[0] === owner.email) as ReceivedMail;
    const toZoe = mails.find((mail) => mail.to[0] === zoe.email) as ReceivedMail;
    expect(subjectOf(toOwner)).toBe(`Recordatorio: ${title}`);
    expect(subjectOf(toZoe)).toBe(`Rappel : ${title}`);
    expect(toZoe.text).toContain(`http://conversa.test/app/tasks?task=${task.id}`);
    const stored = await call<Task>(second, 'GET', `/api/v1/en/task/search/${task.id}`, {
      token: owner.token,
    });
    expect(stored.body.data[0]?.notify_sent).toBe(true);
    await stop(second);
  });

  it('is claimed by one of four runs started together on two processes', async () => {
    const second = await start();
    const { title, task } = await dueWithoutItsJob(first);
    const [one, two] = [remindersOf(first, inbox.url), remindersOf(second, inbox.url)];
    await Promise.all([one.remind(task.id), two.remind(task.id), one.remind(task.id), two.remind(task.id)]);
    expect(mailsOf(title)).toHaveLength(2);
    await stop(second);
  });

  it('resumes after a failure between the claim and the sends, mailing only who was not mailed', async () => {
    // A mail server that refuses Zoé while the first run sends: the owner's mail goes, then the run fails.
    let refuseZoe = true;
    const picky = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (refuseZoe && address.address === zoe.email) return callback(new Error('mailbox busy'));
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          inbox.mails.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw, text: raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => picky.listen(0, '127.0.0.1', resolve));
    const pickyUrl = `smtp://127.0.0.1:${(picky.server.address() as AddressInfo).port}`;
    try {
      const { title, task } = await dueWithoutItsJob(first);
      await expect(remindersOf(first, pickyUrl).remind(task.id)).rejects.toThrow();
      expect(mailsOf(title).map((mail) => mail.to)).toEqual([[owner.email]]);
      const [claimed] = await first.database.db.select().from(tasks).where(eq(tasks.id, task.id));
      expect(claimed?.notify_sent).toBe(true);
      refuseZoe = false;
      await remindersOf(first, pickyUrl).remind(task.id);
      await remindersOf(first, pickyUrl).remind(task.id);
      expect(
        mailsOf(title)
          .map((mail) => mail.to[0])
          .sort(),
      ).toEqual([owner.email, zoe.email].sort());
    } finally {
      await new Promise<void>((resolve) => picky.close(() => resolve()));
    }
  });

  it('is not sent when the task is completed first, and its job is cancelled', async () => {
    const { task, title } = await reminderTask(first, soon(1500));
    const done = await call(first, 'PUT', `/api/v1/en/task/updateone/${task.id}`, {
      token: owner.token,
      body: { complete: true },
    });
    expect(done.status).toBe(200);
    expect(
      await first.database.db
        .select()
        .from(jobs)
        .where(eq(jobs.key, reminderKey(task.id))),
    ).toEqual([]);
    await sleep(3000);
    expect(mailsOf(title)).toEqual([]);
  });

  it('goes out after a restart when it fell due while every process was down', async () => {
    const { title } = await reminderTask(first, soon(1500));
    // A reminder with no job at all (written by an older version, a seed or a bulk): the sweep finds it.
    const orphan = await dueWithoutItsJob(first);
    await first.database.db.delete(jobs).where(eq(jobs.key, reminderKey(orphan.task.id)));
    await stop(first);
    await sleep(2500);
    expect(mailsOf(title)).toEqual([]);
    await start();
    await expect.poll(() => mailsOf(title).length, { timeout: 10_000 }).toBe(2);
    await expect.poll(() => mailsOf(orphan.title).length, { timeout: 10_000 }).toBe(2);
  }, 30_000);
});
