import { describe, expect, it } from 'vitest';
import { notificationFor, recordFor } from './notification-audience';
import { CLIENT_PERMISSIONS } from './permissions';

const holderOf = (...keys: string[]) => ({
  account: 'user' as const,
  userAccess: keys,
  clientAccess: [...CLIENT_PERMISSIONS],
  userId: 'u1',
});

const message = { module: 'message', data: [{ id: 'm1', conversation: { id: 'k1' } }] };
const contact = { module: 'contact', data: [{ id: 'k1' }] };

describe('a new message carries its conversation', () => {
  it('only to people who receive that conversation anyway', () => {
    for (const key of CLIENT_PERMISSIONS) {
      const receiver = holderOf(key);
      if (notificationFor(receiver, message, null) === null) continue;
      expect(notificationFor(receiver, contact, null), key).not.toBeNull();
    }
    const addressed = holderOf('task.view');
    expect(notificationFor(addressed, message, 'u1')).not.toBeNull();
    expect(notificationFor(addressed, contact, 'u1')).not.toBeNull();
  });

  it('whole, to a chat viewer', () => {
    expect(notificationFor(holderOf('chat.view'), message, null)?.data).toEqual(message.data);
  });
});

describe('tags and saved views', () => {
  it('a tag change reaches everyone in the company, whatever their keys', () => {
    const tag = { module: 'listdinamic', data: [{ id: 't1', name: 'VIP' }] };
    expect(notificationFor(holderOf('task.view'), tag, null)?.data).toEqual(tag.data);
  });

  it("a personal view reaches its owner whole and colleagues as its id and owner only; the company's view whole", () => {
    const personal = { module: 'view', data: [{ id: 'v1', module: 'contact', owner: 'u2', name: 'Mine' }] };
    const owner = { ...holderOf('chat.view'), userId: 'u2' };
    expect(notificationFor(owner, personal, 'u2')?.data).toEqual(personal.data);
    expect(notificationFor(holderOf('chat.view'), personal, 'u2')?.data).toEqual([
      { id: 'v1', module: 'contact', owner: 'u2' },
    ]);
    const shared = { module: 'view', data: [{ id: 'v2', module: 'lead', owner: null, name: 'Team' }] };
    expect(notificationFor(holderOf('task.view'), shared, null)?.data).toEqual(shared.data);
  });
});

describe('contacts, pipelines and tasks', () => {
  it('a contact viewer without the chat gets the conversation of a message, not its text', () => {
    const sent = { module: 'message', data: [{ id: 'm1', body: 'secret', conversation: { id: 'k1' } }] };
    expect(notificationFor(holderOf('contact.view'), sent, null)?.data).toEqual([
      { conversation: { id: 'k1' } },
    ]);
  });

  it("a contact viewer without the chat sees conversations without their last message's text, live and in answers", () => {
    const info = { id: 'm1', body: 'secret', fromMe: false, type_msg: 'image' };
    const conversation = { id: 'k1', message: { numpending: 1, numtotal: 2, info } };
    const blank = { id: 'k1', message: { numpending: 1, numtotal: 2, info: { ...info, body: '' } } };
    const crm = holderOf('contact.view');
    const arrived = { module: 'message', data: [{ id: 'm1', body: 'secret', conversation }] };
    expect(notificationFor(crm, arrived, null)?.data).toEqual([{ conversation: blank }]);
    expect(notificationFor(crm, { module: 'contact', data: [conversation] }, null)?.data).toEqual([blank]);
    expect(recordFor(crm, 'contact', conversation)).toEqual(blank);
    // A route reached with another key only (contact.edit) answers the poorest view.
    expect(recordFor(holderOf('contact.edit'), 'contact', conversation)).toEqual(blank);
    expect(recordFor(holderOf('chat.view'), 'contact', conversation)).toEqual(conversation);
    expect(notificationFor(holderOf('chat.view'), arrived, null)?.data).toEqual(arrived.data);
  });

  it("a deal reader without contact.view sees the deal's contact by id and name, live and in answers", () => {
    const deal = { id: 'd1', name: 'Big one', contact: { id: 'k1', full_name: 'Ana', phone: '56911112222' } };
    const named = { ...deal, contact: { id: 'k1', full_name: 'Ana' } };
    const seller = holderOf('deal.view');
    expect(notificationFor(seller, { module: 'deal', data: [deal] }, null)?.data).toEqual([named]);
    expect(recordFor(seller, 'deal', deal)).toEqual(named);
    const crm = holderOf('deal.view', 'contact.view');
    expect(notificationFor(crm, { module: 'deal', data: [deal] }, null)?.data).toEqual([deal]);
    expect(recordFor(crm, 'deal', deal)).toEqual(deal);
    expect(notificationFor(holderOf('contact.view'), { module: 'deal', data: [deal] }, null)).toBeNull();
  });

  it('a pipeline change reaches everyone in the company', () => {
    const pipeline = { module: 'pipeline', data: [{ id: 'p1', name: 'Sales', stages: [] }] };
    expect(notificationFor(holderOf('chat.view'), pipeline, null)?.data).toEqual(pipeline.data);
  });

  it('a private task reaches colleagues as its id only, the addressed user whole, a public one whole', () => {
    const hidden = { module: 'task', data: [{ id: 't1', title: 'Salary talk', visibility: 2 }] };
    const open = { module: 'task', data: [{ id: 't2', title: 'Call back', visibility: 0 }] };
    const colleague = holderOf('task.view');
    expect(notificationFor(colleague, hidden, null)?.data).toEqual([{ id: 't1', visibility: 2 }]);
    expect(notificationFor(colleague, hidden, 'u1')?.data).toEqual(hidden.data);
    expect(notificationFor(colleague, open, null)?.data).toEqual(open.data);
    expect(notificationFor(holderOf('chat.view'), hidden, null)).toBeNull();
  });
});

describe('devices', () => {
  it("a gateway's QR goes only to those who may change the device; its session to every device viewer", () => {
    const gateway = {
      id: 'd1',
      setting: {
        conect: {
          type: 'maytapi',
          config: { product_id: 'p1', api_key: '••••0001' },
          session: 'qr',
          qr: 'data:image/png;base64,iVBORw0KGgo=',
        },
      },
    };
    const update = { module: 'device', data: [gateway] };
    expect(notificationFor(holderOf('device.view', 'device.edit'), update, null)?.data).toEqual([gateway]);
    expect(notificationFor(holderOf('device.view'), update, null)?.data).toEqual([
      {
        id: 'd1',
        setting: { conect: { type: 'maytapi', config: { product_id: 'p1' }, session: 'qr', qr: '' } },
      },
    ]);
  });
});
