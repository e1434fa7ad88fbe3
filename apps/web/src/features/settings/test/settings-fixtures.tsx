import type { AccountBundle } from '@conversa/domain';
import type { ReactElement } from 'react';
import { Route } from 'react-router';
import { renderRoutesAt } from '../../../test/render';

export { type Call, envelope, stubApi } from '../../../test/api-stub';

/** Renders a settings screen at a path, signed in as the account's user with the account loaded. */
export const renderSettingsAt = (ui: ReactElement, account: AccountBundle, path = '/app/settings') =>
  renderRoutesAt(path, <Route path="*" element={ui} />, account);
