import { CLIENT_PERMISSIONS } from './permissions';

/** The plan every new company starts on, so it can work at once. */
export const TRIAL_PLAN = {
  code: 'trial',
  name: 'Trial',
  price_clp: 0,
  price_usd: 0,
  duration_days: 14,
  devices: 3,
  users: 5,
  messages: 1000,
  chatgpt: 500,
  dialogflow: 500,
  yeastar: 100,
  access: [...CLIENT_PERMISSIONS],
} as const;
