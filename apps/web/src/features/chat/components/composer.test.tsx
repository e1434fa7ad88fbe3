import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeAccount } from '../../../test/account-fixture';
import { envelope, stubApi } from '../../../test/api-stub';
import { makeContact } from '../test/chat-fixtures';
import { renderSignedIn } from '../test/render-chat';
import { Composer, isFileTooLarge } from './composer';

const input = () => screen.getByTestId('composer-input');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('composer', () => {
  it('is closed to a user without the answer permission', () => {
    renderSignedIn(
      <Composer contact={makeContact({ derivedto: 'u1' })} />,
      makeAccount({ user: { answer: false } }),
    );
    expect(input()).toHaveAttribute('placeholder', 'El usuario actual no tiene permiso');
    expect(input()).toBeDisabled();
  });

  it('names the device when it is not connected', () => {
    const contact = makeContact({ derivedto: 'u1' });
    renderSignedIn(
      <Composer
        contact={{ ...contact, device: contact.device && { ...contact.device, status: 'disconnected' } }}
      />,
      makeAccount(),
    );
    expect(input()).toHaveAttribute('placeholder', "El dispositivo 'Sandbox' no esta activo");
    expect(input()).toBeDisabled();
  });

  it('asks to take an unassigned conversation, and one the bot handles', () => {
    const { unmount } = renderSignedIn(<Composer contact={makeContact({ derivedto: '' })} />, makeAccount());
    expect(input()).toHaveAttribute('placeholder', 'Para activar el chat debe tomar la conversación.');
    unmount();
    renderSignedIn(<Composer contact={makeContact({ derivedto: 'u1', answerbot: true })} />, makeAccount());
    expect(input()).toHaveAttribute('placeholder', 'Para activar el chat debe tomar la conversación.');
  });

  it('says another user took the conversation', () => {
    renderSignedIn(<Composer contact={makeContact({ derivedto: 'u2' })} />, makeAccount());
    expect(input()).toHaveAttribute('placeholder', 'La conversación ha sido tomada por otro usuario.');
    expect(input()).toBeDisabled();
  });

  it('is open to the assignee, and sends only non-blank text', async () => {
    renderSignedIn(<Composer contact={makeContact({ derivedto: 'u1' })} />, makeAccount());
    expect(input()).toHaveAttribute('placeholder', 'Escriba y pulse Enter para enviar el mensaje.');
    expect(input()).toBeEnabled();
    await userEvent.type(input(), '   ');
    expect(screen.getByTestId('composer-send')).toBeDisabled();
  });

  it('says under the composer why a send was refused when the message balance is used up', async () => {
    const info =
      'Se agotó tu saldo de mensajes (5 de 5, plan y bolsas): compra una bolsa de mensajes para seguir enviando';
    stubApi(() => envelope(412, [], { info }));
    renderSignedIn(<Composer contact={makeContact({ derivedto: 'u1' })} />, makeAccount());
    await userEvent.type(input(), 'Hola{Enter}');
    expect(await screen.findByTestId('send-refused')).toHaveTextContent(info);
  });

  it('refuses files over 10,000,000 bytes before uploading them', () => {
    expect(isFileTooLarge({ size: 10_000_001 })).toBe(true);
    expect(isFileTooLarge({ size: 10_000_000 })).toBe(false);
  });
});
