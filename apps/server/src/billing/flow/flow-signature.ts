import { createHmac } from 'node:crypto';

/**
 * Flow's `s`: HMAC-SHA256 (hex) with the secret key of every parameter but `s`, sorted by name and
 * concatenated as name+value without separators (developers.flow.cl, "Firma de parámetros").
 */
export const signFlowParams = (params: Record<string, string>, secretKey: string): string => {
  const text = Object.keys(params)
    .filter((name) => name !== 's')
    .sort()
    .map((name) => `${name}${params[name]}`)
    .join('');
  return createHmac('sha256', secretKey).update(text).digest('hex');
};

/** The parameters with their signature added, ready to send. */
export const signedFlowParams = (params: Record<string, string>, secretKey: string) => ({
  ...params,
  s: signFlowParams(params, secretKey),
});
