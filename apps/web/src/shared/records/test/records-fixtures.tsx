import { type AccountBundle, type ListItem, MODULE_FIELDS } from '@conversa/domain';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { VirtuosoMockContext } from 'react-virtuoso';
import { renderWithProviders, signedInQueryClient } from '../../../test/render';
import type { RecordModule, RecordRow } from '../record-module';

/** A module on the kit as a module declares it (the contacts' fields). */
export const TEST_MODULE: RecordModule = {
  module: 'contact',
  titleKey: 'nav.contacts',
  api: 'contact',
  permission: 'contact',
  fields: MODULE_FIELDS.contact,
  rowId: (row) => String(row.id),
  detailPath: (row) => `/app/contacts/detail/${String(row.id)}`,
  linkKey: 'info.full_name',
  searchKey: 'info.full_name',
  phoneKey: 'info.phone',
  bulkKeys: ['tags', 'stage', 'owner', 'derivedto', 'starred'],
};

export const VIP: ListItem = {
  id: 'tag-vip',
  module: 'contact',
  field: 'tags',
  name: 'VIP',
  color: '#f44336',
  status: true,
  position: 0,
};

export const NEW_STAGE: ListItem = {
  id: 'stage-new',
  module: 'contact',
  field: 'status_id',
  name: 'Nuevo',
  color: '#2196f3',
  status: true,
  position: 0,
};

export const makeRow = (id: string, name: string, overrides: RecordRow = {}): RecordRow => ({
  id,
  create_date: '2026-04-10T14:30:00.000Z',
  info: {
    first_name: name.split(' ')[0],
    last_name: name.split(' ')[1] ?? '',
    full_name: name,
    email: `${id}@clinica.cl`,
    document: '',
    country: 'CL',
    phone: '56911112222',
  },
  derivedto: 'u1',
  owner: [],
  tags: ['tag-vip'],
  stage: 'stage-new',
  starred: false,
  answerbot: false,
  message: { numpending: 0, numtotal: 12_345, info: null },
  last_message_at: null,
  ...overrides,
});

export { type Call, envelope, stubApi } from '../../../test/api-stub';

/** Renders a records screen signed in with the account loaded; the virtual list lays out 20 rows. */
export const renderRecords = (ui: ReactElement, account: AccountBundle) =>
  renderWithProviders(
    <VirtuosoMockContext.Provider value={{ viewportHeight: 1200, itemHeight: 48 }}>
      <MemoryRouter>{ui}</MemoryRouter>
    </VirtuosoMockContext.Provider>,
    signedInQueryClient(account),
  );
