import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeAccount } from '../../../test/account-fixture';
import { makeContact } from '../test/chat-fixtures';
import { renderSignedIn } from '../test/render-chat';
import { Composer } from './composer';

/** The contact's conversation going through a device of another provider. */
const throughDevice = (type: 'twilio' | 'maytapi' | 'telegram') => {
  const contact = makeContact({ derivedto: 'u1' });
  return {
    ...contact,
    device: contact.device && {
      ...contact.device,
      setting: { ...contact.device.setting, conect: { ...contact.device.setting.conect, type } },
    },
  };
};

describe('composer templates', () => {
  it('says templates are not available on a Twilio or gateway WhatsApp device, instead of hiding them', () => {
    const { unmount } = renderSignedIn(<Composer contact={throughDevice('twilio')} />, makeAccount());
    expect(screen.getByTestId('composer-templates-unavailable')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: /Las plantillas no están disponibles en este dispositivo/ }),
    ).toBeDisabled();
    unmount();

    renderSignedIn(<Composer contact={throughDevice('maytapi')} />, makeAccount());
    expect(screen.getByTestId('composer-templates-unavailable')).toBeInTheDocument();
  });

  it('says nothing of templates on a channel that never has them', () => {
    renderSignedIn(<Composer contact={throughDevice('telegram')} />, makeAccount());
    expect(screen.queryByTestId('composer-templates-unavailable')).not.toBeInTheDocument();
  });
});
