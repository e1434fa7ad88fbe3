import { EXPIRED_TOKEN } from '@conversa/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiClientDeps, ApiError, createApiClient } from './api-client';
import { changeLocale, i18n } from './i18n';
import { clearSession, getSession, setSession } from './session';

const envelope = (status: number, info: string, extra: object = {}) =>
  new Response(JSON.stringify({ status_codes: status, data: [], info, ...extra }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const setup = (respond: ApiClientDeps['fetch']) => {
  const deps = {
    fetch: vi.fn(respond),
    getToken: () => getSession()?.token ?? null,
    getLocale: () => 'es' as const,
    navigate: vi.fn(),
    notify: vi.fn(),
    translate: (key: string) => i18n.t(key),
    endSession: clearSession,
  } satisfies ApiClientDeps;
  return { deps, client: createApiClient(deps) };
};

beforeEach(async () => {
  await changeLocale('es');
  clearSession();
});

describe('API client', () => {
  it('sends the token and the locale and returns the envelope', async () => {
    setSession({ token: 'abc', clientID: 'c1', userID: 'u1' });
    const { client, deps } = setup(async () => envelope(200, 'ok'));

    const answer = await client.request('contact/search', { method: 'POST', body: { page: 1 } });

    expect(answer.info).toBe('ok');
    const [url, init] = deps.fetch.mock.calls[0]!;
    expect(url).toBe('/api/v1/es/contact/search');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer abc');
  });

  it('shows the network error text when the server cannot be reached', async () => {
    const { client, deps } = setup(async () => {
      throw new TypeError('Failed to fetch');
    });

    await expect(client.request('login')).rejects.toMatchObject({ status: 0 });
    expect(deps.notify).toHaveBeenCalledWith('Ocurrió un error de servidor o de red');
    await changeLocale('en');
    await expect(client.request('login')).rejects.toThrow('A server/network error occurred');
  });

  it('ends the session, drops stored filters and goes to / on Expired Token', async () => {
    setSession({ token: 'old', clientID: 'c1', userID: 'u1' });
    localStorage.setItem('filters.contacts', '{"q":"ana"}');
    localStorage.setItem('language', 'es');
    const { client, deps } = setup(async () => envelope(401, EXPIRED_TOKEN));

    await expect(client.request('contact/search')).rejects.toBeInstanceOf(ApiError);

    expect(getSession()).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('filters.contacts')).toBeNull();
    expect(localStorage.getItem('language')).toBe('es');
    expect(deps.navigate).toHaveBeenCalledWith('/');
    expect(deps.notify).not.toHaveBeenCalled();
  });

  it('treats a 500 with Expired Token as an ended session too', async () => {
    setSession({ token: 'old', clientID: 'c1', userID: 'u1' });
    const { client, deps } = setup(async () => envelope(500, EXPIRED_TOKEN));

    await expect(client.request('user/search')).rejects.toBeInstanceOf(ApiError);
    expect(getSession()).toBeNull();
    expect(deps.navigate).toHaveBeenCalledWith('/');
  });

  it('opens /404 with the server info when a page cannot be found', async () => {
    const { client, deps } = setup(async () => envelope(404, 'Contacto no encontrado'));

    await expect(client.request('contact/search/x', { errors: 'page' })).rejects.toMatchObject({
      status: 404,
    });
    expect(deps.navigate).toHaveBeenCalledWith('/404', { info: 'Contacto no encontrado' });
  });

  it('shows other failures in the snackbar unless the caller handles them', async () => {
    const { client, deps } = setup(async () =>
      envelope(409, 'El correo ya existe', { errors: [{ path: 'email', message: 'El correo ya existe' }] }),
    );

    await expect(client.request('user/create')).rejects.toThrow('El correo ya existe');
    expect(deps.notify).toHaveBeenCalledWith('El correo ya existe');

    deps.notify.mockClear();
    const error = await client.request('signup', { errors: 'caller' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).errors).toEqual([{ path: 'email', message: 'El correo ya existe' }]);
    expect(deps.notify).not.toHaveBeenCalled();
    expect(deps.navigate).not.toHaveBeenCalled();
  });
});
