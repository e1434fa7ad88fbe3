import { describe, expect, it } from 'vitest';
import { parseMessageFormat } from './message-format';

describe('message text formatting', () => {
  it('reads bold, italic and strike markers', () => {
    expect(parseMessageFormat('Hola *Ana*, _gracias_ ~no~')).toEqual([
      { type: 'text', text: 'Hola ' },
      { type: 'bold', children: [{ type: 'text', text: 'Ana' }] },
      { type: 'text', text: ', ' },
      { type: 'italic', children: [{ type: 'text', text: 'gracias' }] },
      { type: 'text', text: ' ' },
      { type: 'strike', children: [{ type: 'text', text: 'no' }] },
    ]);
  });

  it('nests styles', () => {
    expect(parseMessageFormat('*muy _importante_*')).toEqual([
      {
        type: 'bold',
        children: [
          { type: 'text', text: 'muy ' },
          { type: 'italic', children: [{ type: 'text', text: 'importante' }] },
        ],
      },
    ]);
  });

  it('leaves markers inside words, around spaces or unclosed as text', () => {
    expect(parseMessageFormat('2*3*4')).toEqual([{ type: 'text', text: '2*3*4' }]);
    expect(parseMessageFormat('a * b * c')).toEqual([{ type: 'text', text: 'a * b * c' }]);
    expect(parseMessageFormat('*abierto')).toEqual([{ type: 'text', text: '*abierto' }]);
    expect(parseMessageFormat('snake_case_name')).toEqual([{ type: 'text', text: 'snake_case_name' }]);
  });

  it('turns addresses into links without the sentence punctuation, never styling inside them', () => {
    expect(parseMessageFormat('Mira https://ex.com/a_b_c. y www.conversa.cl')).toEqual([
      { type: 'text', text: 'Mira ' },
      { type: 'link', href: 'https://ex.com/a_b_c', text: 'https://ex.com/a_b_c' },
      { type: 'text', text: '. y ' },
      { type: 'link', href: 'https://www.conversa.cl', text: 'www.conversa.cl' },
    ]);
  });

  it('keeps markup as plain text', () => {
    expect(parseMessageFormat('<b>hola</b>')).toEqual([{ type: 'text', text: '<b>hola</b>' }]);
  });
});
