import { alternativePhoneOf, type ChannelType, normalizePhone } from '@conversa/domain';
import type { InboundMessageEvent } from '../../channels/channel-adapter';
import type { Executor } from '../../core/db/database';
import type { DeviceRow } from '../../core/db/schema';
import { createContactsRepository } from '../contacts/contacts.repository';

type Arrival = { device: DeviceRow; event: InboundMessageEvent };

/**
 * The providers whose contacts are found by their phone number (WhatsApp in all its ways, and the
 * sandbox); the others name the customer by an id of their own (see InboundMessageEvent.from).
 */
const PHONE_ADDRESSED: ReadonlySet<ChannelType> = new Set<ChannelType>([
  'whatsapp',
  'dialog360',
  'twilio',
  'maytapi',
  'sandbox',
]);

export const isAddressedByPhone = (type: ChannelType): boolean => PHONE_ADDRESSED.has(type);

/** The phone a customer is looked up by: a number as stored (digits only), or another provider's id as is. */
export const inboundPhoneOf = (type: ChannelType, phone: string): string =>
  PHONE_ADDRESSED.has(type) ? normalizePhone(phone) : phone;

/**
 * The phone each arrival's conversation is found by. A number with another form (Brazil's ninth digit, see
 * alternativePhoneOf) lands on the contact that has either: the exact one first, else the other; with
 * neither, the form that came first in the batch. Numbers without another form (nearly all outside Brazil)
 * are taken as they came, and a batch holding none of the others reads nothing.
 */
export const resolvePhones = async (
  tx: Executor,
  clientId: string,
  arrivals: Arrival[],
): Promise<Arrival[]> => {
  const twins = new Map<string, string>();
  for (const { device, event } of arrivals) {
    if (!isAddressedByPhone(device.type) || twins.has(event.from.phone)) continue;
    const alternative = alternativePhoneOf(event.from.phone);
    if (alternative) twins.set(event.from.phone, alternative);
  }
  if (twins.size === 0) return arrivals;
  const contactsRepo = createContactsRepository(tx);
  // One lock per number (named by its nine-digit form), so a concurrent batch holding its other form waits
  // and then finds the contact this one makes.
  const numbers = [...twins].map(([phone, alternative]) =>
    phone.length > alternative.length ? phone : alternative,
  );
  await contactsRepo.lockPhones(clientId, [...new Set(numbers)].sort());
  const taken = await contactsRepo.phonesTaken(clientId, [...new Set([...twins.keys(), ...twins.values()])]);
  const chosen = new Map<string, string>();
  for (const [phone, alternative] of twins) {
    if (taken.has(phone)) chosen.set(phone, phone);
    else if (taken.has(alternative)) chosen.set(phone, alternative);
    // Both forms in one batch, neither known: the first one seen names the new contact.
    else chosen.set(phone, chosen.get(alternative) ?? phone);
  }
  return arrivals.map((arrival) => {
    const phone = chosen.get(arrival.event.from.phone);
    return phone === undefined || phone === arrival.event.from.phone
      ? arrival
      : { ...arrival, event: { ...arrival.event, from: { ...arrival.event.from, phone } } };
  });
};
