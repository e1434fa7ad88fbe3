import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './session';
import { text } from './texts';

const OWNER = 'owner@demo.test';
/** The demo company's clock (the default of every company); "tomorrow" is read on it. */
const COMPANY_TIME_ZONE = 'America/Santiago';
/** The appointments are late in the day, so a reply deadline a few hours from now always comes first. */
const APPOINTMENT_TIME = '18:00';

type Locale = 'es' | 'ar';

/** `YYYY-MM-DD` of a day from today on the company's clock. */
const companyDay = (daysAhead: number): string => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: COMPANY_TIME_ZONE }).format(new Date());
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + daysAhead);
  return day.toISOString().slice(0, 10);
};

/** The instant of a day and a time on the company's clock (its offset read from Intl for that day). */
const companyInstant = (day: string, time: string): string => {
  const guess = new Date(`${day}T${time}:00Z`);
  const offset = new Intl.DateTimeFormat('en-US', { timeZone: COMPANY_TIME_ZONE, timeZoneName: 'longOffset' })
    .formatToParts(guess)
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(offset ?? '');
  const minutes = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
  return new Date(guess.getTime() - minutes * 60_000).toISOString();
};

let serial = 0;
/** What one run of the spec makes: an agenda, a professional and a patient nobody else has. */
const newSetup = (prefix: string) => {
  serial += 1;
  const stamp = `${Date.now() % 1_000_000}${serial}`;
  return {
    agenda: `Agenda ${prefix} ${stamp}`,
    professional: { id: `p${stamp}`, name: `Dra. Rivas ${stamp}` },
    branch: { id: `b${stamp}`, name: `Sucursal Centro ${stamp}` },
    patient: {
      phone: `569${String(Date.now()).slice(-7)}${serial % 10}`,
      name: `Paciente ${prefix} ${stamp}`,
    },
  };
};
type Setup = ReturnType<typeof newSetup>;

/** The owner's token, for the few things a test prepares through the API as an outside caller would. */
const ownerToken = async (request: APIRequestContext): Promise<string> => {
  const login = await request.post('/api/v1/es/login', { data: { email: OWNER, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  return (await login.json()).data[0].access_token;
};

/** Picks an option of a MUI select opened by its test id. */
const choose = async (page: Page, testId: string, option: string) => {
  await page.getByTestId(testId).click();
  await page.getByRole('option').filter({ hasText: option }).click();
};

/** The agenda of the setup, on tomorrow's day view. */
const openTomorrowInAgenda = async (page: Page, locale: Locale, setup: Setup) => {
  await page.goto('/app/agendas');
  await expect(page.getByTestId('page-title')).toHaveText(text(locale, 'nav.agendas'));
  await choose(page, 'agenda-integration', setup.agenda);
  await page.getByTestId('agenda-view-day').click();
  await page.getByTestId('agenda-next').click();
  await expect(page.getByTestId(`agenda-day-${companyDay(1)}`)).toBeVisible();
};

const appointmentOf = (page: Page, setup: Setup) =>
  page.getByTestId('appointment').filter({ hasText: setup.patient.name });

/** New run for tomorrow on the setup's agenda from the sandbox device, answers until two hours from now. */
const createAndStartRun = async (page: Page, locale: Locale, setup: Setup): Promise<string> => {
  await page.goto('/app/confirmations');
  await expect(page.getByTestId('page-title')).toHaveText(text(locale, 'nav.confirmations'));
  await page.getByTestId('new-run').click();
  const dialog = page.getByTestId('run-dialog');
  await choose(page, 'run-integration', setup.agenda);
  await expect(dialog.getByTestId('run-date')).toHaveValue(companyDay(1));
  await dialog.getByTestId('run-device').click();
  await page.getByRole('option', { name: 'Sandbox', exact: true }).click();
  await expect(dialog.getByTestId('run-message')).toHaveValue(
    text(locale, 'confirmations.form.defaultMessage'),
  );
  // datetime-local is the browser's own clock (America/Santiago in this config).
  const deadline = await page.evaluate(() => {
    const at = new Date(Date.now() + 2 * 60 * 60 * 1000);
    const two = (value: number) => String(value).padStart(2, '0');
    return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}T${two(at.getHours())}:${two(at.getMinutes())}`;
  });
  await dialog.getByTestId('run-reply-deadline').fill(deadline);
  await dialog.getByTestId('run-dialog-submit').click();
  await expect(page).toHaveURL(/\/app\/confirmations\/[\w-]+$/);
  const runPath = new URL(page.url()).pathname;
  // The run's own page (the list may show a moment longer while it loads).
  await expect(page.getByTestId('run-summary')).toBeVisible();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'draft');
  await page.getByTestId('run-start').click();
  // The row arrives live: pulled, then sent by the queue's worker (shared with the other specs).
  const row = page.getByTestId('confirmation-row').filter({ hasText: setup.patient.name });
  await expect(row).toHaveAttribute('data-state', 'sent', { timeout: 60_000 });
  await expect(row).toContainText(text(locale, 'confirmations.rowState.sent'));
  await expect(page.getByTestId('confirmation-row')).toHaveCount(1);
  return runPath;
};

/** The patient reads the request on the sandbox's simulated phone and presses "Confirmar". */
const confirmInSimulator = async (page: Page, locale: Locale, setup: Setup) => {
  await page.goto('/app/devices');
  const card = page.getByTestId('device-card').filter({ hasText: 'Sandbox' }).first();
  await card.getByRole('link', { name: text(locale, 'devices.openSimulator') }).click();
  await expect(page.getByTestId('simulator-phone')).toBeVisible();
  await page.getByLabel(text(locale, 'devices.customerPhone')).fill(setup.patient.phone);
  await page.getByLabel(text(locale, 'devices.customerName')).fill(setup.patient.name);
  const request = page.getByTestId('simulator-reply').filter({ hasText: setup.professional.name });
  // The simulator reads the device's outbox every 2 s.
  await expect(request).toContainText(setup.patient.name, { timeout: 15_000 });
  await expect(request.getByTestId('simulator-reply-button')).toHaveText(['Confirmar', 'Cancelar']);
  await request.getByTestId('simulator-reply-button').filter({ hasText: 'Confirmar' }).click();
  await expect(page.getByTestId('simulator-sent').filter({ hasText: 'Confirmar' })).toBeVisible();
};

/** The confirmations' dashboard of tomorrow counts the setup's professional's appointment as confirmed. */
const expectDashboardCounts = async (page: Page, locale: Locale, setup: Setup) => {
  await page.goto('/app/dashboard/confirmations');
  await expect(page.getByTestId('page-title')).toHaveText(text(locale, 'nav.dashboardConfirmations'));
  // Tomorrow may be in next month: the period is set to it, whatever today is.
  await page.getByTestId('dashboard-to').fill(companyDay(1));
  await page.getByTestId('dashboard-from').fill(companyDay(1));
  await expect(page.getByTestId('dashboard-total-confirmed')).toContainText(
    text(locale, 'confirmationsDashboard.totals.confirmed'),
  );
  const confirmed = page.getByTestId('dashboard-total-confirmed').getByTestId('dashboard-count');
  await expect(async () => expect(Number(await confirmed.textContent())).toBeGreaterThanOrEqual(1)).toPass();
  // The professional is this run's own: one appointment, confirmed.
  const line = page.getByTestId('by-professional-row').filter({ hasText: setup.professional.name });
  await expect(line.getByRole('cell')).toHaveText([setup.professional.name, '1', '1', '0', '0', '0', /100/]);
  await expect(page.getByTestId('by-branch-row').filter({ hasText: setup.branch.name })).toBeVisible();
};

test('a Standard agenda is set up, an appointment booked and confirmed by the patient over the sandbox (es)', async ({
  page,
}) => {
  // Settings, a booking, a run sent by the queue and an answer, then four screens to check.
  test.setTimeout(180_000);
  const setup = newSetup('es');
  const tomorrow = companyDay(1);
  await signIn(page, OWNER, DEMO_PASSWORD);

  // Settings → Integrations: a new Standard agenda with its professional and branch.
  await page.goto('/app/settings?tab=integrations');
  await page.getByTestId('scheduling-new').click();
  await page.getByTestId('scheduling-new-standard').click();
  const settings = page.getByTestId('scheduling-dialog');
  await settings.getByTestId('scheduling-name').fill(setup.agenda);
  await settings.getByTestId('standard-professionals-id').fill(setup.professional.id);
  await settings.getByTestId('standard-professionals-name').fill(setup.professional.name);
  await settings.getByTestId('standard-professionals-specialty').fill('Ortodoncia');
  await settings.getByTestId('standard-branches-id').fill(setup.branch.id);
  await settings.getByTestId('standard-branches-name').fill(setup.branch.name);
  await settings.getByTestId('scheduling-dialog-submit').click();
  await expect(settings).toBeHidden();
  const agendaRow = page.getByTestId('scheduling-row').filter({ hasText: setup.agenda });
  await expect(agendaRow).toContainText(text('es', 'settings.scheduling.types.standard'));
  await expect(agendaRow.getByTestId('integration-status')).toHaveText(
    text('es', 'settings.integrations.status.connected'),
  );

  // The agenda: tomorrow's appointment for a new patient, found or created as a contact by phone.
  await page.goto('/app/agendas');
  await choose(page, 'agenda-integration', setup.agenda);
  await page.getByTestId('new-appointment').click();
  const booking = page.getByTestId('appointment-dialog');
  await booking.getByTestId('appointment-new-patient').click();
  await booking.getByTestId('appointment-phone').fill(setup.patient.phone);
  await booking.getByTestId('appointment-name').fill(setup.patient.name);
  await booking.getByTestId('appointment-day').fill(tomorrow);
  await booking.getByTestId('appointment-time').fill(APPOINTMENT_TIME);
  // The agenda's only professional and branch are already chosen.
  await expect(booking.getByTestId('appointment-specialist')).toHaveText(setup.professional.name);
  await expect(booking.getByTestId('appointment-branch')).toHaveText(setup.branch.name);
  await booking.getByTestId('appointment-dialog-submit').click();
  await expect(booking).toBeHidden();
  await openTomorrowInAgenda(page, 'es', setup);
  await expect(appointmentOf(page, setup)).toHaveAttribute('data-status', 'scheduled');
  await expect(appointmentOf(page, setup)).toContainText(APPOINTMENT_TIME);

  // Confirmations: tomorrow's run on the sandbox device, started; its one row is sent, live.
  const runPath = await createAndStartRun(page, 'es', setup);

  // The patient answers on the simulated phone while the run's page stays open in the first tab.
  const phone = await page.context().newPage();
  await confirmInSimulator(phone, 'es', setup);
  const row = page.getByTestId('confirmation-row').filter({ hasText: setup.patient.name });
  await expect(row).toHaveAttribute('data-state', 'confirmed', { timeout: 20_000 });
  await expect(row).toContainText(text('es', 'confirmations.rowState.confirmed'));
  await expect(row).toContainText(text('es', 'confirmations.answer.confirm'));
  await expect(page.getByTestId('run-total-confirmed')).toContainText(
    `${text('es', 'confirmations.totals.confirmed')}: 1`,
  );
  await phone.close();

  // The calendar shows it confirmed, and its detail the answered request.
  await openTomorrowInAgenda(page, 'es', setup);
  await expect(appointmentOf(page, setup)).toHaveAttribute('data-status', 'confirmed');
  await appointmentOf(page, setup).click();
  const panel = page.getByTestId('appointment-panel');
  await expect(panel.getByTestId('appointment-status')).toHaveText(text('es', 'agendas.status.confirmed'));
  await expect(panel.getByTestId('appointment-history-row')).toContainText(
    text('es', 'confirmations.rowState.confirmed'),
  );
  await page.keyboard.press('Escape');

  // The conversation: the request with its two buttons, and the patient's press.
  await page.goto('/app/chat');
  await page.getByTestId('conversation-row').filter({ hasText: setup.patient.name }).click();
  await expect(page.getByTestId('panel-name')).toHaveText(setup.patient.name);
  const request = page.getByTestId('message').filter({ has: page.getByTestId('message-buttons') });
  await expect(request).toHaveCount(1);
  await expect(request).toContainText(setup.professional.name);
  await expect(request.getByTestId('message-buttons')).toContainText('Confirmar');
  await expect(request.getByTestId('message-buttons')).toContainText('Cancelar');
  const press = page.getByTestId('message').filter({ has: page.getByTestId('message-button-reply') });
  await expect(press).toHaveCount(1);
  await expect(press).toContainText('Confirmar');
  await expect(press.getByTestId('message-button-reply')).toHaveText(text('es', 'chat.message.buttonReply'));

  // The dashboard of confirmations counts it; and the run still says so after a reload.
  await expectDashboardCounts(page, 'es', setup);
  await page.goto(runPath);
  await expect(page.getByTestId('confirmation-row')).toHaveAttribute('data-state', 'confirmed');
});

test('the agenda, a run answered on the simulator and the dashboard read right to left in Arabic', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const setup = newSetup('ar');
  // The agenda and the booking come through the API here; the first test made them on screen.
  const headers = { Authorization: `Bearer ${await ownerToken(request)}` };
  const created = await request.post('/api/v1/es/integration/create', {
    headers,
    data: {
      type: 'standard',
      name: setup.agenda,
      config: { professionals: [setup.professional], branches: [setup.branch], slot_minutes: 30 },
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const integrationId: string = (await created.json()).data[0].id;
  const booked = await request.post('/api/v1/es/agenda/create', {
    headers,
    data: {
      integration_id: integrationId,
      phone: setup.patient.phone,
      name: setup.patient.name,
      meet_date: companyInstant(companyDay(1), APPOINTMENT_TIME),
      specialist: setup.professional.id,
      branch: setup.branch.id,
    },
  });
  expect(booked.status(), await booked.text()).toBe(200);

  await signIn(page, OWNER, DEMO_PASSWORD);
  await page.evaluate(`window.localStorage.setItem('language', 'ar')`);
  await openTomorrowInAgenda(page, 'ar', setup);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByTestId('agenda-view-day')).toHaveText(text('ar', 'agendas.view.day'));
  await expect(appointmentOf(page, setup)).toHaveAttribute('data-status', 'scheduled');

  const runPath = await createAndStartRun(page, 'ar', setup);
  await confirmInSimulator(page, 'ar', setup);
  await page.goto(runPath);
  const row = page.getByTestId('confirmation-row').filter({ hasText: setup.patient.name });
  await expect(row).toHaveAttribute('data-state', 'confirmed', { timeout: 20_000 });
  await expect(row).toContainText(text('ar', 'confirmations.rowState.confirmed'));
  await expect(page.getByTestId('page-title')).toContainText(text('ar', 'confirmations.detail.title').trim());

  await openTomorrowInAgenda(page, 'ar', setup);
  await expect(appointmentOf(page, setup)).toHaveAttribute('data-status', 'confirmed');
  await appointmentOf(page, setup).click();
  await expect(page.getByTestId('appointment-panel').getByTestId('appointment-status')).toHaveText(
    text('ar', 'agendas.status.confirmed'),
  );
  await page.keyboard.press('Escape');

  await expectDashboardCounts(page, 'ar', setup);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
});
