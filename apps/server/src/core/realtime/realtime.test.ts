import type { AddressInfo } from 'node:net';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connected, createTestSockets } from '../../test/sockets';
import { call, createTestApp, login, type Session, signupCompany, type TestApp } from '../../test/test-app';
import { DEMO_LOGINS } from '../db/seed-logins';
import type { Notification } from './notifications.listener';

let testApp: TestApp;
let url: string;
const sockets = createTestSockets();

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  sockets.closeAll();
  await testApp?.close();
});

const open = (token: string): Socket => sockets.open(url, token);

describe('realtime', () => {
  it('refuses a socket with a bad token', async () => {
    const error = await new Promise<Error>((resolve) => open('garbage-token').once('connect_error', resolve));
    expect(error.message).toBe('Invalid token');
  });

  it('refuses a socket whose session was logged out with Expired Token', async () => {
    const session = await login(testApp.app, DEMO_LOGINS.viewer.email, DEMO_LOGINS.viewer.password);
    await call(testApp.app, 'GET', '/api/v1/en/logout', { token: session.token });
    const error = await new Promise<Error>((resolve) => open(session.token).once('connect_error', resolve));
    expect(error.message).toBe('Expired Token');
  });

  it("delivers a company's notifications to that company only", async () => {
    const ownerA = await login(testApp.app, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
    const agentA = await login(testApp.app, DEMO_LOGINS.agent.email, DEMO_LOGINS.agent.password);
    const ownerB: Session = await signupCompany(testApp.app);
    const socketA = open(agentA.token);
    const socketB = open(ownerB.token);
    await Promise.all([connected(socketA), connected(socketB)]);

    const seenByB: Notification[] = [];
    socketB.on('notification', (notification: Notification) => seenByB.push(notification));

    const received = new Promise<Notification>((resolve) => {
      socketA.on('notification', (notification: Notification) => {
        if (
          notification.action === 'update' &&
          notification.ref === agentA.userId &&
          notification.data.length > 0
        ) {
          const [user] = notification.data as { name?: string }[];
          if (user?.name === 'Agent Renamed') resolve(notification);
        }
      });
    });
    const answer = await call(testApp.app, 'POST', `/api/v1/en/user/updateone/${agentA.userId}`, {
      token: ownerA.token,
      body: { name: 'Agent Renamed' },
    });
    expect(answer.status).toBe(200);
    const notification = await received;
    expect(notification).toMatchObject({ module: 'user', action: 'update', ref: agentA.userId });

    // Give any stray delivery time to arrive before checking that B saw nothing of A.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seenByB.some((item) => JSON.stringify(item).includes(agentA.userId))).toBe(false);
  });

  it('marks a user online while a socket is connected and offline after the last one leaves', async () => {
    const viewer = await login(testApp.app, DEMO_LOGINS.viewer.email, DEMO_LOGINS.viewer.password);
    const readOnline = async () => {
      const answer = await call<{ online: boolean }>(
        testApp.app,
        'GET',
        `/api/v1/en/user/search/${viewer.userId}`,
        {
          token: viewer.token,
        },
      );
      return answer.body.data[0]?.online;
    };
    const socket = open(viewer.token);
    await connected(socket);
    await expect.poll(readOnline).toBe(true);
    socket.disconnect();
    await expect.poll(readOnline).toBe(false);
  });
});
