import { z } from 'zod';
import { PaymentCallError } from '../payment-adapter';
import { callPaymentProvider } from '../payment-http';

/** A token is used until this long before PayPal says it expires. */
const EXPIRY_MARGIN_MS = 60_000;

const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.coerce.number().positive() });

/**
 * PayPal's OAuth client-credentials token (POST /v1/oauth2/token, Basic client id:secret), kept until
 * shortly before it expires; concurrent callers share one request in flight.
 */
export const createPaypalTokens = (options: {
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
}) => {
  let cached: { token: string; expiresAt: number } | undefined;
  let inFlight: Promise<string> | undefined;

  const fetchToken = async (): Promise<string> => {
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    const answer = tokenSchema.safeParse(
      await callPaymentProvider(`${options.apiUrl}/v1/oauth2/token`, {
        headers: { authorization: `Basic ${basic}` },
        form: { grant_type: 'client_credentials' },
        timeoutMs: options.timeoutMs,
      }),
    );
    if (!answer.success)
      throw new PaymentCallError('PayPal answered the token request in another shape', true);
    cached = {
      token: answer.data.access_token,
      expiresAt: Date.now() + answer.data.expires_in * 1000 - EXPIRY_MARGIN_MS,
    };
    return cached.token;
  };

  return {
    async accessToken(): Promise<string> {
      if (cached && cached.expiresAt > Date.now()) return cached.token;
      inFlight ??= fetchToken().finally(() => {
        inFlight = undefined;
      });
      return inFlight;
    },
    /** A token PayPal refused is not used again. */
    forget(): void {
      cached = undefined;
    },
  };
};
