import type { AccountType } from '@conversa/domain';

export type SeedLogin = { email: string; password: string; account: AccountType; role: string };

export const DEFAULT_MASTER_LOGIN: SeedLogin = {
  email: 'master@conversa.test',
  password: 'Master#2026',
  account: 'master',
  role: 'platform master',
};

export const DEMO_PASSWORD = 'Demo#2026';

/** The demo company's people, created when SEED_DEMO is on; tests and e2e sign in with these. */
export const DEMO_LOGINS = {
  owner: { email: 'owner@demo.test', password: DEMO_PASSWORD, account: 'client', role: 'company owner' },
  agent: { email: 'agent@demo.test', password: DEMO_PASSWORD, account: 'user', role: 'agent' },
  supervisor: {
    email: 'supervisor@demo.test',
    password: DEMO_PASSWORD,
    account: 'user',
    role: 'supervisor',
  },
  viewer: {
    email: 'viewer@demo.test',
    password: DEMO_PASSWORD,
    account: 'user',
    role: 'viewer (no contacts)',
  },
} as const satisfies Record<string, SeedLogin>;

export const DEMO_COMPANY = { name: 'Demo Company', subdomain: 'DemoCompany' } as const;
export const PLATFORM_COMPANY = { name: 'Conversa Platform', subdomain: 'ConversaPlatform' } as const;
