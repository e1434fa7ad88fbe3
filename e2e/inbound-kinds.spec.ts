/// <reference lib="dom" />
import { createHmac, randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { signIn } from './session';

/**
 * Every inbound kind shown (issue #26, API.md part 3): a customer's WhatsApp contact card saved with "add
 * as contact", a quoted reply shown above the reply (a click goes to the quoted message), and a reaction
 * shown on the message it reacts to and gone when the customer takes it back, in Spanish and Arabic.
 * Each language runs in a company of its own, signed up in that language, so nobody's choice changes.
 */
const PASSWORD = 'Kinds#2026';
const APP_SECRET = 'e2e-inbound-kinds-app-secret';

type Company = { email: string; token: string; deviceId: string };

const signUp = async (request: APIRequestContext, language: 'es' | 'ar'): Promise<Company> => {
  const suffix = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  const email = `kinds-${suffix}@example.com`;
  const signup = await request.post('/api/v1/es/signup', {
    data: {
      company: `Clínica ${suffix}`,
      email,
      country: 'CL',
      phone: '+56 9 1234 5678',
      timezone: 'America/Santiago',
      language,
      industry: 'retail',
      quantityemple: 3,
      nameuser: 'Dueña Kinds',
      password: PASSWORD,
    },
  });
  expect(signup.status()).toBe(200);
  const login = await request.post('/api/v1/es/login', { data: { email, password: PASSWORD } });
  const token: string = (await login.json()).data[0].access_token;
  // A Cloud API number: the credentials check cannot reach Meta from here, so it stays disconnected, but
  // its webhook takes Meta's signed deliveries all the same.
  const created = await request.post('/api/v1/es/device/create', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      name: 'WhatsApp Kinds',
      setting: {
        conect: {
          type: 'whatsapp',
          config: {
            phone_number_id: '106540352242999',
            waba_id: '102290129340999',
            access_token: 'EAAB-e2e-not-a-real-token',
            app_secret: APP_SECRET,
            verify_token: 'e2e-verify-token',
          },
        },
      },
    },
  });
  expect(created.status()).toBe(200);
  return { email, token, deviceId: (await created.json()).data[0].id };
};

let serial = 0;
const wamid = () => {
  serial += 1;
  return `wamid.E2E${Date.now()}${serial}`;
};

/** The customer's WhatsApp sends one message, delivered to our webhook exactly as Meta signs it. */
const customerSends = async (
  request: APIRequestContext,
  company: Company,
  customer: { phone: string; name: string },
  message: Record<string, unknown>,
): Promise<string> => {
  const id = wamid();
  const raw = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340999',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550100', phone_number_id: '106540352242999' },
              contacts: [{ profile: { name: customer.name }, wa_id: customer.phone }],
              messages: [
                { from: customer.phone, id, timestamp: String(Math.floor(Date.now() / 1000)), ...message },
              ],
            },
          },
        ],
      },
    ],
  });
  const response = await request.post(`/webhooks/whatsapp/${company.deviceId}`, {
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': `sha256=${createHmac('sha256', APP_SECRET).update(raw, 'utf8').digest('hex')}`,
    },
    data: raw,
  });
  expect(response.status()).toBe(200);
  return id;
};

const openConversation = async (page: Page, name: string) => {
  await page.goto('/app/chat');
  await page.getByTestId('conversation-row').filter({ hasText: name }).click();
  await expect(page.getByTestId('panel-name')).toHaveText(name);
};

const TEXTS = {
  es: {
    customer: 'Cliente',
    addContact: 'Agregar como contacto',
    reaction: 'Reacción 👍',
    created: 'Contacto creado',
    name: /Nombre y apellido/,
  },
  ar: {
    customer: 'العميل',
    addContact: 'إضافة كجهة اتصال',
    reaction: 'تفاعل 👍',
    created: 'تم إنشاء جهة الاتصال',
    name: /الاسم واسم العائلة/,
  },
} as const;

for (const locale of ['es', 'ar'] as const) {
  test(`a contact card, a quoted reply and a reaction in the conversation (${locale})`, async ({
    page,
    request,
  }) => {
    const texts = TEXTS[locale];
    const company = await signUp(request, locale);
    const customer = { phone: `5698${String(Date.now()).slice(-7)}`, name: `Ana Kinds ${locale}` };
    const question = await customerSends(request, company, customer, {
      type: 'text',
      text: { body: '¿Tienen hora el martes?' },
    });
    await customerSends(request, company, customer, {
      type: 'text',
      text: { body: 'A las 10, por favor' },
      context: { from: customer.phone, id: question },
    });
    await customerSends(request, company, customer, {
      type: 'reaction',
      reaction: { message_id: question, emoji: '👍' },
    });
    const cardPhone = `5699${String(Date.now()).slice(-7)}`;
    await customerSends(request, company, customer, {
      type: 'contacts',
      contacts: [
        {
          name: { formatted_name: 'Ignacio Pérez', first_name: 'Ignacio', last_name: 'Pérez' },
          phones: [{ phone: `+${cardPhone}`, wa_id: cardPhone, type: 'CELL' }],
        },
      ],
    });

    await signIn(page, company.email, PASSWORD);
    await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
    await openConversation(page, customer.name);

    // The reply shows what it quotes above it; the reaction sits on the question, not in a bubble.
    const reply = page.getByTestId('message').filter({ hasText: 'A las 10, por favor' });
    const quote = reply.getByTestId('message-quote');
    await expect(quote).toContainText(texts.customer);
    await expect(quote).toContainText('¿Tienen hora el martes?');
    const asked = page
      .getByTestId('message')
      .filter({ hasText: '¿Tienen hora el martes?' })
      .filter({ hasNot: page.getByTestId('message-quote') });
    await expect(asked.getByRole('group').getByLabel(texts.reaction)).toBeVisible();
    await expect(page.getByTestId('message-reaction-alone')).toHaveCount(0);
    await quote.click();
    await expect(asked).toHaveAttribute('data-highlighted', 'true');

    // The customer takes the reaction back: it goes, live.
    await customerSends(request, company, customer, { type: 'reaction', reaction: { message_id: question } });
    await expect(asked.getByTestId('message-reaction')).toHaveCount(0);

    // The contact card: its person is saved as a contact from the prefilled form.
    const card = page.getByTestId('contact-card');
    await expect(card).toContainText('Ignacio Pérez');
    await expect(card).toContainText(`+${cardPhone}`);
    await card.getByRole('button', { name: texts.addContact }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel(texts.name)).toHaveValue('Ignacio Pérez');
    await dialog.getByTestId('new-contact-submit').click();
    await expect(page.getByTestId('snackbar')).toContainText(texts.created);
    const search = await request.post('/api/v1/es/contact/search', {
      headers: { Authorization: `Bearer ${company.token}` },
      data: { page: 1, offset: 5, filters: [{ key: 'info.phone', condition: 'equalto', value: cardPhone }] },
    });
    expect((await search.json()).data).toMatchObject([{ info: { full_name: 'Ignacio Pérez' } }]);
  });
}
