import { type Envelope, EXPIRED_TOKEN } from '@conversa/domain';
import { ApiError } from '../../api-client';
import { currentLocale, i18n } from '../../i18n';
import { notify } from '../../notify';
import { clearSession, getSession } from '../../session';

const filenameOf = (disposition: string | null, fallback: string): string => {
  const encoded = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return disposition?.match(/filename="?([^";]+)"?/i)?.[1] ?? fallback;
};

/** Hands a downloaded file to the browser as if the person had clicked a link to it. */
const save = (blob: Blob, filename: string) => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has copied the file by the next tick; the object URL would otherwise live until unload.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};

/**
 * Downloads a file the API streams (an export, an import's sample). A refusal answers the JSON envelope
 * and is reported as the API client reports any (spec section 8): the info in the snackbar, an expired
 * session back to the start.
 */
export const downloadFile = async (
  path: string,
  init: { method: 'GET' | 'POST'; body?: unknown },
  fallbackName: string,
): Promise<string> => {
  const token = getSession()?.token;
  let response: Response;
  try {
    response = await fetch(`/api/v1/${currentLocale()}/${path}`, {
      method: init.method,
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    const error = new ApiError(0, i18n.t('errors.network'));
    notify(error.info, 'error');
    throw error;
  }
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as Envelope | null;
    const error = new ApiError(response.status, payload?.info || response.statusText, payload?.errors);
    if (error.info === EXPIRED_TOKEN) {
      clearSession();
      window.location.assign('/');
    } else {
      notify(error.info || i18n.t('errors.generic'), 'error');
    }
    throw error;
  }
  const filename = filenameOf(response.headers.get('content-disposition'), fallbackName);
  save(await response.blob(), filename);
  return filename;
};
