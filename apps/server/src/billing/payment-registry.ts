import type { Config } from '../core/config';
import { createFlowAdapter } from './flow/flow.adapter';
import type { PaymentRegistry } from './payment-adapter';
import { createPaypalAdapter } from './paypal/paypal.adapter';
import { createRebillAdapter } from './rebill/rebill.adapter';

/** Every payment provider by its name, with the platform's credentials and API bases. */
export const createPaymentRegistry = (payments: Config['payments'], timeoutMs: number): PaymentRegistry => ({
  flow: createFlowAdapter({ ...payments.flow, timeoutMs }),
  paypal: createPaypalAdapter({ ...payments.paypal, timeoutMs }),
  rebill: createRebillAdapter({ ...payments.rebill, timeoutMs }),
});
