import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../../shared/i18n';
import { renderWithProviders } from '../../../test/render';
import { makeMessage } from '../test/chat-fixtures';
import { MessageBubble } from './message-bubble';

beforeEach(async () => {
  await changeLocale('es');
});

describe('a message bubble', () => {
  it('names the bot as the author of the answers it sent, and no one else', async () => {
    renderWithProviders(
      <>
        <MessageBubble message={makeMessage({ id: 'm1', fromMe: true, owner: 'bot', status: 'sent' })} />
        <MessageBubble message={makeMessage({ id: 'm2', fromMe: true, owner: 'u1', status: 'sent' })} />
        <MessageBubble message={makeMessage({ id: 'm3', fromMe: false })} />
      </>,
    );
    const [bot, agent, customer] = screen.getAllByTestId('message');
    expect(bot).toHaveTextContent('Bot');
    expect(screen.getAllByTestId('message-author-bot')).toHaveLength(1);
    expect(agent).not.toHaveTextContent('Bot');
    expect(customer).not.toHaveTextContent('Bot');

    await changeLocale('zh');
    expect(await screen.findByText('机器人')).toBeInTheDocument();
  });

  it('shows the reply buttons a message offered as labels under it, which the agent cannot press', async () => {
    const buttons = [
      { id: 'cf:r1:confirm', title: 'Confirmar' },
      { id: 'cf:r1:cancel', title: 'Cancelar' },
    ];
    renderWithProviders(
      <>
        <MessageBubble message={makeMessage({ id: 'm1', fromMe: true, status: 'sent', buttons })} />
        <MessageBubble message={makeMessage({ id: 'm2', fromMe: true, status: 'sent' })} />
      </>,
    );
    const [request, plain] = screen.getAllByTestId('message');
    const group = within(request as HTMLElement).getByRole('group', { name: 'Botones de respuesta' });
    expect(within(group).getByText('Confirmar')).toBeInTheDocument();
    expect(within(group).getByText('Cancelar')).toBeInTheDocument();
    expect(within(group).queryByRole('button')).not.toBeInTheDocument();
    expect(within(plain as HTMLElement).queryByTestId('message-buttons')).not.toBeInTheDocument();
  });

  it("marks a customer's button press, shown with the button's title as its text", async () => {
    renderWithProviders(
      <>
        <MessageBubble
          message={makeMessage({ id: 'm1', body: 'Confirmar', button_reply: 'cf:r1:confirm' })}
        />
        <MessageBubble message={makeMessage({ id: 'm2', body: 'Confirmar' })} />
      </>,
    );
    const [press, typed] = screen.getAllByTestId('message');
    expect(press).toHaveTextContent('Confirmar');
    expect(within(press as HTMLElement).getByTestId('message-button-reply')).toHaveTextContent(
      'Tocó un botón',
    );
    expect(within(typed as HTMLElement).queryByTestId('message-button-reply')).not.toBeInTheDocument();

    await changeLocale('ar');
    expect(await screen.findByText('ضغط على زر')).toBeInTheDocument();
  });
});
