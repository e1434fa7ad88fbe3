import {
  CLIENT_PERMISSIONS,
  MASTER_PERMISSIONS,
  NUMBER_FORMATS,
  type PermissionKey,
  TRIAL_PLAN,
} from '@conversa/domain';
import { hashPassword } from '../core/auth/passwords';
import type { Database } from '../core/db/database';
import { DEMO_COMPANY, DEMO_LOGINS, PLATFORM_COMPANY, type SeedLogin } from '../core/db/seed-logins';
import { createClientsRepository } from '../modules/clients/clients.repository';
import { createDefaultPipeline } from '../modules/pipelines/default-pipeline';
import { createPlansRepository } from '../modules/plans/plans.repository';
import { createUsersRepository } from '../modules/users/users.repository';
import { seedDemoActivity } from './demo-activity';
import { seedDemoCatalogue } from './demo-catalogue';
import { type DemoSeedOptions, seedDemoConversations } from './demo-conversations';
import { seedDemoDeals } from './demo-deals';
import { seedDemoPayments } from './demo-payments';
import { seedDemoTasks } from './demo-tasks';

const AGENT_ACCESS: PermissionKey[] = [
  'chat.view',
  'chat.lockchat',
  'chat.releasechat',
  'contact.view',
  'contact.create',
  'contact.edit',
  'note.view',
  'note.create',
  'task.view',
  'task.create',
];

// A supervisor runs the floor (unlocks, sees the team and the advanced dashboard) but does not manage
// staff, billing or deletions.
const SUPERVISOR_EXCLUDED: PermissionKey[] = [
  'user.create',
  'user.edit',
  'billing.view',
  'contact.delete',
  'lead.delete',
  'deal.delete',
  'device.delete',
];
const SUPERVISOR_ACCESS = CLIENT_PERMISSIONS.filter((key) => !SUPERVISOR_EXCLUDED.includes(key));

const VIEWER_ACCESS: PermissionKey[] = ['chat.view', 'task.view'];

export type SeedOptions = {
  masterEmail: string;
  masterPassword: string;
  seedDemo: boolean;
  /** The demo inbox needs the app's secret (device secrets), storage folder and logger. */
  demo?: DemoSeedOptions;
};

/**
 * Fills an empty database: the trial plan, the platform company with the master account and, with
 * SEED_DEMO, a demo company with one person per role. Answers the logins it created, or none when the
 * database already had users.
 */
export const seedDatabase = async (db: Database, options: SeedOptions): Promise<SeedLogin[]> => {
  if (!(await createUsersRepository(db).isEmpty())) return [];
  const [masterHash, ownerHash, agentHash, supervisorHash, viewerHash] = await Promise.all([
    hashPassword(options.masterPassword),
    hashPassword(DEMO_LOGINS.owner.password),
    hashPassword(DEMO_LOGINS.agent.password),
    hashPassword(DEMO_LOGINS.supervisor.password),
    hashPassword(DEMO_LOGINS.viewer.password),
  ]);

  const logins = await db.transaction(async (tx) => {
    const plans = createPlansRepository(tx);
    const clients = createClientsRepository(tx);
    const users = createUsersRepository(tx);
    const trial =
      (await plans.findDefault()) ??
      (await plans.insert({ ...TRIAL_PLAN, access: [...TRIAL_PLAN.access], is_default: true }));

    const platform = await clients.insert({
      name: PLATFORM_COMPANY.name,
      email: options.masterEmail,
      subdomain: PLATFORM_COMPANY.subdomain,
      access: [...CLIENT_PERMISSIONS, ...MASTER_PERMISSIONS],
      number_format: NUMBER_FORMATS.CL,
    });
    await createDefaultPipeline(tx, platform.id, platform.language);
    await users.insert(platform.id, {
      name: 'Master',
      email: options.masterEmail,
      password_hash: masterHash,
      account: 'master',
    });
    const logins: SeedLogin[] = [
      {
        email: options.masterEmail,
        password: options.masterPassword,
        account: 'master',
        role: 'platform master',
      },
    ];
    if (!options.seedDemo) return logins;

    const demo = await clients.insert({
      name: DEMO_COMPANY.name,
      email: DEMO_LOGINS.owner.email,
      phone: '56911111111',
      subdomain: DEMO_COMPANY.subdomain,
      plan_id: trial.id,
      access: trial.access,
      plan_started_at: new Date(),
      plan_expires_at: new Date(Date.now() + trial.duration_days * 86_400_000),
      is_paid: null,
      number_format: NUMBER_FORMATS.CL,
    });
    await createDefaultPipeline(tx, demo.id, demo.language);
    const people = [
      {
        login: DEMO_LOGINS.owner,
        name: 'Olivia Owner',
        hash: ownerHash,
        access: [] as string[],
        answer: true,
      },
      { login: DEMO_LOGINS.agent, name: 'Andrés Agent', hash: agentHash, access: AGENT_ACCESS, answer: true },
      {
        login: DEMO_LOGINS.supervisor,
        name: 'Sofía Supervisor',
        hash: supervisorHash,
        access: SUPERVISOR_ACCESS,
        answer: true,
      },
      // A viewer reads conversations and never writes in them: the answer flag says so (spec section 6).
      {
        login: DEMO_LOGINS.viewer,
        name: 'Víctor Viewer',
        hash: viewerHash,
        access: VIEWER_ACCESS,
        answer: false,
      },
    ];
    for (const person of people) {
      await users.insert(demo.id, {
        name: person.name,
        email: person.login.email,
        password_hash: person.hash,
        account: person.login.account,
        access: person.access,
        answer: person.answer,
      });
      logins.push(person.login);
    }
    return logins;
  });
  if (options.seedDemo && options.demo) {
    await seedDemoConversations(db, options.demo);
    await seedDemoDeals(db);
    await seedDemoPayments(db);
    await seedDemoTasks(db);
    if (options.demo.history) await seedDemoActivity(db);
    await seedDemoCatalogue(db);
  }
  return logins;
};

/** The table printed on the first start. */
export const formatLogins = (logins: SeedLogin[]): string => {
  const rows = logins.map((login) => [login.role, login.email, login.password]);
  const header = ['role', 'e-mail', 'password'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  const rule = `+${widths.map((width) => '-'.repeat(width + 2)).join('+')}+`;
  return [rule, line(header), rule, ...rows.map(line), rule].join('\n');
};
