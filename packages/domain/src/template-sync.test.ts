import { describe, expect, it } from 'vitest';
import { templateExampleText, templatePlaceholders, templateSkeleton } from './template-sync';

const components = [
  { type: 'HEADER', format: 'TEXT', text: 'Order {{1}}', example: { header_text: ['A-1'] } },
  { type: 'BODY', text: 'Hi {{1}}, your {{2}} is ready. {{1}}!', example: { body_text: [['Ana', 'order']] } },
  { type: 'FOOTER', text: 'Thanks' },
  { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'OK' }] },
];

describe('template synchronisation', () => {
  it('counts each placeholder once, in order of first use', () => {
    expect(templatePlaceholders('Hi {{1}}, {{2}} and {{1}}')).toEqual(['1', '2']);
    expect(templatePlaceholders('No placeholders')).toEqual([]);
  });

  it('shows the body text as the example', () => {
    expect(templateExampleText(components)).toBe('Hi {{1}}, your {{2}} is ready. {{1}}!');
    expect(templateExampleText([])).toBe('');
  });

  it('builds a send skeleton with text parameters pre-filled from the examples', () => {
    expect(templateSkeleton('order_ready', 'es', components)).toEqual({
      name: 'order_ready',
      language: 'es',
      components: [
        { type: 'header', parameters: [{ type: 'text', text: 'A-1' }] },
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'Ana' },
            { type: 'text', text: 'order' },
          ],
        },
      ],
    });
  });

  it('leaves parameters empty when the provider gives no example, and drops media headers', () => {
    const skeleton = templateSkeleton('promo', 'en', [
      { type: 'HEADER', format: 'IMAGE' },
      { type: 'BODY', text: 'Hello {{1}}' },
    ]);
    expect(skeleton.components).toEqual([{ type: 'body', parameters: [{ type: 'text', text: '' }] }]);
  });
});
