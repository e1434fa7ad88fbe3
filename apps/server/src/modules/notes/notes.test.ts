import type { Note } from '@conversa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../core/db/seed-logins';
import { call, createTestApp, login, type Session, type TestApp } from '../../test/test-app';

let testApp: TestApp;
let owner: Session;
let viewer: Session;
let contactId: string;

beforeAll(async () => {
  testApp = await createTestApp();
  [owner, viewer] = await Promise.all([
    login(testApp.app, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password),
    login(testApp.app, DEMO_LOGINS.viewer.email, DEMO_LOGINS.viewer.password),
  ]);
  const created = await call<{ id: string }>(testApp.app, 'POST', '/api/v1/en/contact/create', {
    token: owner.token,
    body: { name: 'Noted Person', phone: '56912340000' },
  });
  contactId = created.body.data[0]?.id ?? '';
});
afterAll(async () => testApp?.close());

describe('notes', () => {
  it('adds, lists 20 a page newest first, changes and deletes notes of a contact', async () => {
    for (let index = 0; index < 22; index += 1) {
      const answer = await call<Note>(testApp.app, 'POST', '/api/v1/en/note/create', {
        token: owner.token,
        body: { description: `note ${index}`, contact_id: contactId },
      });
      expect(answer.status).toBe(200);
    }
    const page = await call<Note>(testApp.app, 'POST', '/api/v1/en/note/search', {
      token: owner.token,
      body: { filters: [{ key: 'contact_id', condition: 'equalto', value: contactId }] },
    });
    expect(page.body.pagination).toEqual({ total: 22, page: 1, offset: 20 });
    const newest = page.body.data[0];
    expect(newest).toMatchObject({ description: 'note 21', user_id: owner.userId, module: 'contact' });
    const updated = await call<Note>(testApp.app, 'PUT', `/api/v1/en/note/updateone/${newest?.id}`, {
      token: owner.token,
      body: { description: 'changed' },
    });
    expect(updated.body.data[0]?.description).toBe('changed');
    expect(
      (await call(testApp.app, 'GET', `/api/v1/en/note/search/${newest?.id}`, { token: owner.token })).body
        .data[0],
    ).toMatchObject({ description: 'changed' });
    expect(
      (await call(testApp.app, 'DELETE', `/api/v1/en/note/deleteone/${newest?.id}`, { token: owner.token }))
        .status,
    ).toBe(200);
    expect(
      (await call(testApp.app, 'GET', `/api/v1/en/note/search/${newest?.id}`, { token: owner.token })).status,
    ).toBe(404);
  });

  it("keeps a lead's notes without a contact, finds them by the lead, and moves them to the contact on convert", async () => {
    const lead = await call<{ id: string }>(testApp.app, 'POST', '/api/v1/en/lead/create', {
      token: owner.token,
      body: { first_name: 'Lead', last_name: 'Con Nota', phone: '56912340011' },
    });
    const leadId = lead.body.data[0]?.id ?? '';
    const note = await call<Note>(testApp.app, 'POST', '/api/v1/en/note/create', {
      token: owner.token,
      body: { description: 'Llamar el lunes', module: 'lead', reference_id: leadId },
    });
    expect(note.status).toBe(200);
    expect(note.body.data[0]).toMatchObject({ module: 'lead', reference_id: leadId, contact_id: null });
    const unknown = await call(testApp.app, 'POST', '/api/v1/en/note/create', {
      token: owner.token,
      body: { description: 'x', module: 'lead', reference_id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.status).toBe(404);
    const byLead = await call<Note>(testApp.app, 'POST', '/api/v1/en/note/search', {
      token: owner.token,
      body: {
        filters: [
          { key: 'module', condition: 'equalto', value: 'lead' },
          { key: 'reference_id', condition: 'equalto', value: leadId },
        ],
      },
    });
    expect(byLead.body.data.map((item) => item.description)).toEqual(['Llamar el lunes']);
    const contact = await call<{ id: string }>(testApp.app, 'POST', `/api/v1/en/lead/convert/${leadId}`, {
      token: owner.token,
    });
    expect(contact.status).toBe(200);
    const moved = await call<Note>(testApp.app, 'GET', `/api/v1/en/note/search/${note.body.data[0]?.id}`, {
      token: owner.token,
    });
    expect(moved.body.data[0]?.contact_id).toBe(contact.body.data[0]?.id);
  });

  it('refuses an empty note with 400 and a user without note.create with 403', async () => {
    const empty = await call(testApp.app, 'POST', '/api/v1/en/note/create', {
      token: owner.token,
      body: { description: '  ', contact_id: contactId },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.errors?.[0]?.path).toBe('description');
    const refused = await call(testApp.app, 'POST', '/api/v1/en/note/create', {
      token: viewer.token,
      body: { description: 'x', contact_id: contactId },
    });
    expect(refused.status).toBe(403);
  });

  it('a filter on a contact id that is not a uuid finds nothing rather than failing', async () => {
    const answer = await call(testApp.app, 'POST', '/api/v1/en/note/search', {
      token: owner.token,
      body: { filters: [{ key: 'contact_id', condition: 'equalto', value: 'not-a-uuid' }] },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.pagination?.total).toBe(0);
  });
});
