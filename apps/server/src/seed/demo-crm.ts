import type { ListField, ListModule } from '@conversa/domain';
import type { Database } from '../core/db/database';
import { leads, listDinamic } from '../core/db/schema';

type DemoItem = { module: ListModule; field: ListField; name: string; color: string };

/** The demo company's smart lists: a board of contact stages and lead statuses, and a few tags. */
const DEMO_ITEMS: DemoItem[] = [
  { module: 'contact', field: 'status_id', name: 'Nuevo', color: '#1976d2' },
  { module: 'contact', field: 'status_id', name: 'En conversación', color: '#ed6c02' },
  { module: 'contact', field: 'status_id', name: 'Cliente', color: '#2e7d32' },
  { module: 'contact', field: 'status_id', name: 'Perdido', color: '#757575' },
  { module: 'contact', field: 'tags', name: 'nuevo', color: '#f44336' },
  { module: 'contact', field: 'tags', name: 'vip', color: '#9c27b0' },
  { module: 'lead', field: 'status_id', name: 'Por contactar', color: '#1976d2' },
  { module: 'lead', field: 'status_id', name: 'Contactado', color: '#ed6c02' },
  { module: 'lead', field: 'status_id', name: 'Calificado', color: '#2e7d32' },
  { module: 'lead', field: 'tags', name: 'web', color: '#f44336' },
];

/**
 * Writes the smart lists and two leads of the demo company, and answers the id of each item by
 * `module.field.name`, for the demo conversations to put their contacts on a stage.
 */
export const seedDemoCrm = async (db: Database, clientId: string): Promise<Map<string, string>> => {
  const items = await db
    .insert(listDinamic)
    .values(DEMO_ITEMS.map((item, position) => ({ ...item, client_id: clientId, position })))
    .returning();
  const ids = new Map(items.map((item) => [`${item.module}.${item.field}.${item.name}`, item.id]));
  const id = (key: string) => ids.get(key) ?? '';
  await db.insert(leads).values([
    {
      client_id: clientId,
      first_name: 'Gabriela',
      last_name: 'Fuentes',
      full_name: 'Gabriela Fuentes',
      phone: '56977778888',
      email: 'gabriela.fuentes@example.com',
      source: 'Formulario web',
      status_id: id('lead.status_id.Por contactar'),
      tags: [id('lead.tags.web')],
    },
    {
      client_id: clientId,
      first_name: 'Héctor',
      last_name: 'Vidal',
      full_name: 'Héctor Vidal',
      phone: '56988889999',
      source: 'Referido',
      status_id: id('lead.status_id.Contactado'),
    },
  ]);
  return ids;
};
