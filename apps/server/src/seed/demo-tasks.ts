import { asc, eq } from 'drizzle-orm';
import type { Database } from '../core/db/database';
import { contacts, taskComments, tasks, users } from '../core/db/schema';
import { DEMO_LOGINS } from '../core/db/seed-logins';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * A few follow-ups of the demo owner on the demo contacts, so the bell, the cards and each expiry state
 * show at once: one overdue, one due today, one next week, one later with a reminder, one done. Their
 * reminder has no job yet: the reminders' sweep arms it when it falls due.
 */
export const seedDemoTasks = async (db: Database) => {
  const [owner] = await db.select().from(users).where(eq(users.email, DEMO_LOGINS.owner.email));
  if (!owner) return;
  const people = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(eq(contacts.client_id, owner.client_id))
    .orderBy(asc(contacts.create_date), asc(contacts.id))
    .limit(5);
  if (people.length === 0) return;
  const contactAt = (index: number) => people[index % people.length]?.id ?? null;
  const now = Date.now();
  const demo = [
    { title: 'Enviar cotización pendiente', due: now - DAY, priority: 'high' as const, complete: false },
    {
      title: 'Llamar para confirmar la visita',
      due: now + 2 * HOUR,
      priority: 'medium' as const,
      complete: false,
    },
    {
      title: 'Revisar contrato con el cliente',
      due: now + 7 * DAY,
      priority: 'medium' as const,
      complete: false,
    },
    { title: 'Seguimiento de la propuesta', due: now + 12 * DAY, priority: 'low' as const, complete: false },
    { title: 'Dar la bienvenida al cliente', due: now - 3 * DAY, priority: 'low' as const, complete: true },
  ];
  const rows = await db
    .insert(tasks)
    .values(
      demo.map((task, index) => ({
        client_id: owner.client_id,
        title: task.title,
        description: '',
        priority: task.priority,
        complete: task.complete,
        due_date: new Date(task.due),
        owner: [owner.id],
        module: 'contact' as const,
        contact_id: contactAt(index),
        user_id: owner.id,
        // The one later on reminds its participant the day before.
        notify_enable: index === 3,
        notify_before: index === 3 ? new Date(task.due - DAY) : null,
      })),
    )
    .returning({ id: tasks.id, title: tasks.title });
  const quoted = rows.find((row) => row.title === demo[0]?.title);
  if (quoted) {
    await db.insert(taskComments).values({
      client_id: owner.client_id,
      task_id: quoted.id,
      user_id: owner.id,
      text: 'El cliente pidió la cotización por WhatsApp.',
    });
  }
};
