import { CLIENT_PERMISSIONS } from '@conversa/domain';
import type { Database } from '../core/db/database';
import { createFeaturesRepository } from '../modules/features/features.repository';
import { createPlansRepository } from '../modules/plans/plans.repository';

const EVERYTHING = [...CLIENT_PERMISSIONS];

/**
 * What the demo's Marketplace sells, so a first look at it shows real choices: two monthly plans and the
 * add-ons a company buys most (messages, a device, a user).
 */
export const seedDemoCatalogue = async (db: Database): Promise<void> => {
  await db.transaction(async (tx) => {
    const plans = createPlansRepository(tx);
    const features = createFeaturesRepository(tx);
    for (const plan of [
      {
        code: 'pyme',
        name: 'Pyme',
        price_clp: 29_990,
        price_usd: 32.9,
        devices: 2,
        users: 5,
        messages: 5_000,
        chatgpt: 1_000,
        dialogflow: 0,
        yeastar: 0,
        extra_prices: {
          device: { clp: 9_990, usd: 10.9 },
          user: { clp: 4_990, usd: 5.5 },
          message: { clp: 5, usd: 0.01 },
        },
      },
      {
        code: 'empresa',
        name: 'Empresa',
        price_clp: 89_990,
        price_usd: 98.9,
        devices: 10,
        users: 25,
        messages: 30_000,
        chatgpt: 10_000,
        dialogflow: 10_000,
        yeastar: 2_000,
        extra_prices: {
          device: { clp: 7_990, usd: 8.9 },
          user: { clp: 3_990, usd: 4.4 },
          message: { clp: 4, usd: 0.01 },
        },
      },
    ]) {
      await plans.insert({ ...plan, duration_days: 30, access: EVERYTHING });
    }
    for (const feature of [
      {
        code: 'bolsa-1000',
        name: '1.000 mensajes',
        kind: 'message_bag',
        quantity: 1_000,
        clp: 4_990,
        usd: 5.5,
      },
      {
        code: 'dispositivo',
        name: 'Dispositivo adicional',
        kind: 'device',
        quantity: 1,
        clp: 9_990,
        usd: 10.9,
      },
      { code: 'usuario', name: 'Usuario adicional', kind: 'user', quantity: 1, clp: 4_990, usd: 5.5 },
    ] as const) {
      await features.insert({
        code: feature.code,
        name: feature.name,
        kind: feature.kind,
        quantity: feature.quantity,
        price_clp: feature.clp,
        price_usd: feature.usd,
      });
    }
  });
};
