import { screen } from '@testing-library/react';
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
});
