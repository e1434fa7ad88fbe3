import type { Message } from '@conversa/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VirtuosoMockContext } from 'react-virtuoso';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../shared/i18n';
import { envelope, stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { messagesKeyOf, upsertMessage } from '../chat-cache';
import { makeMessage } from '../test/chat-fixtures';
import { MessageBubble } from './message-bubble';
import { MessageList } from './message-list';
import { reactionsByMessage } from './message-reactions';

beforeEach(async () => {
  await changeLocale('es');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const CARD = makeMessage({
  id: 'card',
  type: 'contact',
  body: 'Ignacio Pérez +56 9 8765 4321\nRosa Díaz +56 9 1111 2222',
  contacts: [
    { name: 'Ignacio Pérez', phones: ['56987654321'], emails: ['ignacio@example.com'] },
    { name: 'Rosa Díaz', phones: ['56911112222'], emails: [] },
  ],
});

describe('a contact card', () => {
  it("shows each person's name and phones, and adds one as a contact from a prefilled form", async () => {
    const calls = stubApi((call) =>
      call.url.endsWith('/contact/create') ? envelope(200, [{ id: 'new' }]) : envelope(200, []),
    );
    renderWithProviders(<MessageBubble message={CARD} />);
    const people = screen.getAllByTestId('contact-card-person');
    expect(people).toHaveLength(2);
    expect(people[0]).toHaveTextContent('Ignacio Pérez');
    expect(people[0]).toHaveTextContent('+56987654321');
    expect(people[0]).toHaveTextContent('ignacio@example.com');
    expect(people[1]).toHaveTextContent('Rosa Díaz');
    // The card's text is not repeated under it as a caption.
    expect(screen.queryByText(/\+56 9 8765 4321/)).not.toBeInTheDocument();

    await userEvent.click(
      within(people[0] as HTMLElement).getByRole('button', { name: 'Agregar como contacto' }),
    );
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByLabelText(/Nombre y apellido/)).toHaveValue('Ignacio Pérez');
    expect(dialog.getByLabelText(/Teléfono/)).toHaveValue('56987654321');
    expect(dialog.getByLabelText(/Correo electrónico/)).toHaveValue('ignacio@example.com');
    const submit = dialog.getByTestId('new-contact-submit');
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.click(submit);
    await waitFor(() =>
      expect(calls.find((call) => call.url.endsWith('/contact/create'))?.body).toMatchObject({
        name: 'Ignacio Pérez',
        phone: '56987654321',
        email: 'ignacio@example.com',
        country: 'CL',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }, 30_000);

  it('reads in Arabic with the phones left to right', async () => {
    await changeLocale('ar');
    renderWithProviders(<MessageBubble message={CARD} />);
    expect(screen.getAllByRole('button', { name: 'إضافة كجهة اتصال' })).toHaveLength(2);
    const phone = screen.getByText('+56987654321');
    expect(phone.closest('bdi')).toHaveAttribute('dir', 'ltr');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });
});

describe('a quoted reply', () => {
  const quoted = {
    id: 'm1',
    message_id: 'wamid.1',
    type: 'chat' as const,
    body: `¿Tienen hora el martes? ${'muy '.repeat(40)}importante`,
    fromMe: false,
  };

  it('shows the quote above the reply with its author and trimmed text, and takes the reader to it', async () => {
    const onJump = vi.fn();
    renderWithProviders(
      <>
        <MessageBubble message={makeMessage({ id: 'm2', body: 'A las 10', quoted })} onJumpToQuote={onJump} />
        <MessageBubble
          message={makeMessage({
            id: 'm3',
            body: 'Perfecto',
            quoted: { id: 'm0', message_id: 'wamid.0', type: 'image', body: '', fromMe: true },
          })}
          onJumpToQuote={onJump}
        />
      </>,
    );
    const [reply, toMine] = screen.getAllByTestId('message');
    const quote = within(reply as HTMLElement).getByTestId('message-quote');
    expect(within(quote).getByTestId('quote-author')).toHaveTextContent('Cliente');
    const body = within(quote).getByTestId('quote-body').textContent ?? '';
    expect(body.startsWith('¿Tienen hora el martes?')).toBe(true);
    expect(body.endsWith('…')).toBe(true);
    expect(Array.from(body).length).toBeLessThanOrEqual(81);
    // The quote comes before the reply's own text.
    const text = within(reply as HTMLElement).getByText('A las 10');
    expect(quote.compareDocumentPosition(text) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await userEvent.click(quote);
    expect(onJump).toHaveBeenCalledWith(quoted);

    const mine = within(toMine as HTMLElement).getByTestId('message-quote');
    expect(within(mine).getByTestId('quote-author')).toHaveTextContent('Tú');
    expect(within(mine).getByTestId('quote-body')).toHaveTextContent('Imagen');

    await changeLocale('ar');
    expect(await within(mine).findByText('أنت')).toBeInTheDocument();
    expect(within(quote).getByText('العميل')).toBeInTheDocument();
  });

  it('says so when the quoted message is not stored, and is then not a link', () => {
    renderWithProviders(
      <MessageBubble
        message={makeMessage({
          body: '?',
          quoted: { id: '', message_id: 'wamid.gone', type: '', body: '', fromMe: false },
        })}
        onJumpToQuote={vi.fn()}
      />,
    );
    const quote = screen.getByTestId('message-quote');
    expect(quote).toHaveTextContent('El mensaje citado no está disponible');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('a story mention and an unsupported kind', () => {
  it('links to the story in a new tab, only for a web address', () => {
    renderWithProviders(
      <>
        <MessageBubble
          message={makeMessage({
            id: 's1',
            type: 'story_mention',
            body: 'https://lookaside.fbsbx.com/ig_messaging_cdn/?asset_id=1',
          })}
        />
        <MessageBubble
          message={makeMessage({ id: 's2', type: 'story_mention', body: 'javascript:alert(1)' })}
        />
      </>,
    );
    const [web, script] = screen.getAllByTestId('story-mention');
    expect(web).toHaveTextContent('Te mencionó en su historia');
    const link = within(web as HTMLElement).getByRole('link', { name: /Ver la historia/ });
    expect(link).toHaveAttribute('href', 'https://lookaside.fbsbx.com/ig_messaging_cdn/?asset_id=1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(within(script as HTMLElement).queryByRole('link')).not.toBeInTheDocument();
    expect(script).toHaveTextContent('Te mencionó en su historia');
  });

  it("names the provider's type of a message the product does not read", async () => {
    renderWithProviders(
      <MessageBubble message={makeMessage({ type: 'unsupported', body: 'poll_creation' })} />,
    );
    expect(screen.getByTestId('message-unsupported')).toHaveTextContent(
      'Tipo de mensaje no compatible: poll_creation',
    );
    await changeLocale('ar');
    expect(await screen.findByText('نوع رسالة غير مدعوم: poll_creation')).toBeInTheDocument();
  });
});

const reaction = (overrides: Partial<Message>) =>
  makeMessage({
    type: 'reaction',
    body: '👍',
    quoted: { id: 'm1', message_id: 'wamid.1', type: 'chat', body: 'Hola', fromMe: false },
    ...overrides,
  });

describe('reactions', () => {
  it('are placed on the message they react to, not drawn as rows; a removed one is gone', () => {
    const target = makeMessage({ id: 'm1', message_id: 'wamid.1', body: 'Hola' });
    const other = makeMessage({ id: 'm2', message_id: 'wamid.2', body: 'Chao' });
    const byProviderId = reaction({
      id: 'r2',
      body: '❤️',
      quoted: { id: '', message_id: 'wamid.2', type: '', body: '', fromMe: false },
    });
    const { reactionsOf, shown } = reactionsByMessage([
      target,
      other,
      reaction({ id: 'r1' }),
      byProviderId,
      reaction({ id: 'r0', deleted: true, body: '' }),
      reaction({
        id: 'r3',
        quoted: { id: '', message_id: 'wamid.unknown', type: '', body: '', fromMe: false },
      }),
      reaction({
        id: 'r4',
        quoted: { id: 'not-loaded', message_id: 'w', type: 'chat', body: '', fromMe: true },
      }),
    ]);
    expect(shown.map((message) => message.id)).toEqual(['m1', 'm2', 'r3']);
    expect(reactionsOf.get('m1')?.map((message) => message.id)).toEqual(['r1']);
    expect(reactionsOf.get('m2')?.map((message) => message.id)).toEqual(['r2']);
  });

  it.each(['es', 'ar'] as const)(
    'show as a badge on their message in the conversation, removed live (%s)',
    async (locale) => {
      await changeLocale(locale);
      const target = makeMessage({ id: 'm1', message_id: 'wamid.1', body: 'Hola', contact_id: 'k9' });
      const reply = makeMessage({
        id: 'm3',
        message_id: 'wamid.3',
        body: 'A las 10',
        contact_id: 'k9',
        quoted: { id: 'm1', message_id: 'wamid.1', type: 'chat', body: 'Hola', fromMe: false },
      });
      const thumbs = reaction({ id: 'r1', message_id: 'wamid.r1', contact_id: 'k9' });
      stubApi(() =>
        envelope(200, [thumbs, reply, target], { pagination: { total: 3, page: 1, offset: 25 } }),
      );
      const { queryClient } = renderWithProviders(
        <VirtuosoMockContext.Provider value={{ viewportHeight: 2000, itemHeight: 80 }}>
          <div style={{ height: 2000, display: 'flex' }}>
            <MessageList contactId="k9" />
          </div>
        </VirtuosoMockContext.Provider>,
      );
      const rows = await screen.findAllByTestId('message');
      expect(rows).toHaveLength(2);
      const [first, second] = rows;
      const badge = within(first as HTMLElement).getByTestId('message-reaction');
      expect(badge).toHaveTextContent('👍');
      expect(badge).toHaveAccessibleName(locale === 'es' ? 'Reacción 👍' : 'تفاعل 👍');
      expect(within(second as HTMLElement).getByTestId('quote-author')).toHaveTextContent(
        locale === 'es' ? 'Cliente' : 'العميل',
      );
      expect(within(second as HTMLElement).getByTestId('quote-body')).toHaveTextContent('Hola');

      // The quote takes the reader to the message, marked for a moment.
      Element.prototype.scrollIntoView = vi.fn();
      await userEvent.click(within(second as HTMLElement).getByTestId('message-quote'));
      await waitFor(() =>
        expect(screen.getAllByTestId('message')[0]).toHaveAttribute('data-highlighted', 'true'),
      );
      expect(Element.prototype.scrollIntoView).toHaveBeenCalled();

      // The customer takes the reaction back: the update says deleted, the badge goes.
      act(() => {
        upsertMessage(queryClient, { ...thumbs, deleted: true, body: '' }, { canInsert: false });
      });
      await waitFor(() => expect(screen.queryByTestId('message-reaction')).not.toBeInTheDocument());
      expect(queryClient.getQueryData(messagesKeyOf('k9'))).toBeTruthy();
    },
  );
});
