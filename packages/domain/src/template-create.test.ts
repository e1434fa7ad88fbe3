import { describe, expect, it } from 'vitest';
import {
  templateContentOf,
  templateCreateSchema,
  templatePreview,
  toProviderComponents,
} from './template-create';

const valid = {
  device_id: 'd1',
  name: 'order_ready',
  language: 'es_CL',
  category: 'UTILITY',
  body: 'Hola {{1}}, tu pedido {{2}} está listo.',
  body_examples: ['Ana', 'A-1'],
};

const issuesOf = (input: Record<string, unknown>) => {
  const parsed = templateCreateSchema.safeParse({ ...valid, ...input });
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
};

describe('template create rules (WhatsApp message templates)', () => {
  it('accepts a body with its variables in order and one example each', () => {
    expect(issuesOf({})).toEqual([]);
  });

  it('refuses names, languages and categories WhatsApp does not take', () => {
    expect(issuesOf({ name: 'Order Ready' })).toEqual(['name:validation.templateName']);
    expect(issuesOf({ language: 'spanish' })).toEqual(['language:validation.templateLanguage']);
    expect(issuesOf({ category: 'PROMO' })).toEqual(['category:validation.required']);
  });

  it('refuses variables out of order, side by side, or at the edges of the body', () => {
    expect(issuesOf({ body: 'Hola {{2}} y {{1}}.' })).toEqual(['body:validation.templateVariables']);
    expect(issuesOf({ body: 'Hola {{1}} {{2}} listo.' })).toEqual([
      'body:validation.templateVariablesAdjacent',
    ]);
    expect(issuesOf({ body: '{{1}}, tu pedido {{2}} está listo.' })).toEqual([
      'body:validation.templateVariableEdge',
    ]);
    expect(issuesOf({ body: 'Hola {{name}} ya.' })).toEqual(['body:validation.templateVariables']);
  });

  it('asks an example for every body variable and for the header variable', () => {
    expect(issuesOf({ body_examples: ['Ana'] })).toEqual(['body_examples.1:validation.required']);
    expect(issuesOf({ header: 'Pedido {{1}}' })).toEqual(['header_example:validation.required']);
    expect(issuesOf({ header: 'Pedido {{1}} de {{2}}', header_example: 'x' })).toEqual([
      'header:validation.templateHeaderVariable',
    ]);
  });

  it('keeps the buttons to what Meta allows', () => {
    const link = { type: 'URL', text: 'Ver', url: 'https://example.com' };
    expect(issuesOf({ buttons: [link, link, link] })).toEqual(['buttons:validation.templateButtons']);
    expect(issuesOf({ buttons: [{ type: 'URL', text: 'Ver', url: 'nope' }] })).toEqual([
      'buttons.0.url:validation.url',
    ]);
    expect(issuesOf({ buttons: [{ type: 'QUICK_REPLY', text: 'x'.repeat(26) }] })).toEqual([
      'buttons.0.text:validation.tooLong',
    ]);
  });

  it('builds the components Meta expects, examples included', () => {
    const input = templateCreateSchema.parse({
      ...valid,
      header: 'Pedido {{1}}',
      header_example: 'A-1',
      footer: 'Gracias',
      buttons: [{ type: 'QUICK_REPLY', text: 'Ok' }],
    });
    expect(toProviderComponents(input)).toEqual([
      { type: 'HEADER', format: 'TEXT', text: 'Pedido {{1}}', example: { header_text: ['A-1'] } },
      { type: 'BODY', text: valid.body, example: { body_text: [['Ana', 'A-1']] } },
      { type: 'FOOTER', text: 'Gracias' },
      { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Ok' }] },
    ]);
  });

  it('previews with the placeholders filled and other text literal', () => {
    const context = {
      contact: { first_name: 'Ana', last_name: 'Pérez', full_name: 'Ana Pérez' },
      user: { name: 'Luis' },
    };
    expect(templatePreview('Hola {{1}}, soy {{2}} ({{3}})', ['$firstname', '$username'], context)).toBe(
      'Hola Ana, soy Luis ({{3}})',
    );
  });
});

describe('a template read back to edit it', () => {
  it('gives back the content its components were made from', () => {
    const content = {
      header: 'Hola {{1}}',
      header_example: 'Ana',
      body: 'Tu hora es el {{1}} a las {{2}}',
      body_examples: ['lunes', '10:00'],
      footer: 'Clínica Sonrisa',
      buttons: [
        { type: 'QUICK_REPLY' as const, text: 'Confirmo', url: '', phone_number: '' },
        { type: 'URL' as const, text: 'Ver', url: 'https://clinica.cl/hora', phone_number: '' },
      ],
    };
    expect(templateContentOf(toProviderComponents(content))).toEqual(content);
  });

  it('reads a media header as none and a bare body without examples', () => {
    expect(
      templateContentOf([
        { type: 'HEADER', format: 'IMAGE' },
        { type: 'BODY', text: 'Gracias' },
      ]),
    ).toEqual({
      header: '',
      header_example: '',
      body: 'Gracias',
      body_examples: [],
      footer: '',
      buttons: [],
    });
  });
});
