import { z } from 'zod';
import { fillPlaceholders, type TemplateContext } from './template';
import type { ProviderTemplateComponent } from './template-sync';
import { MESSAGES, requiredText } from './validation';

/** WhatsApp's template categories, review statuses and quality ratings (Cloud API message templates). */
export const TEMPLATE_CATEGORIES = ['MARKETING', 'UTILITY', 'AUTHENTICATION'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];
export const TEMPLATE_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'PAUSED', 'DISABLED'] as const;
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];
/** UNKNOWN until WhatsApp has feedback on a new template. */
export const TEMPLATE_QUALITIES = ['GREEN', 'YELLOW', 'RED', 'UNKNOWN'] as const;
export type TemplateQuality = (typeof TEMPLATE_QUALITIES)[number];
export const TEMPLATE_BUTTON_TYPES = ['QUICK_REPLY', 'URL', 'PHONE_NUMBER'] as const;
export type TemplateButtonType = (typeof TEMPLATE_BUTTON_TYPES)[number];

/** Meta's limits for a text template (header, body, footer, buttons). */
export const TEMPLATE_LIMITS = {
  name: 512,
  header: 60,
  body: 1024,
  footer: 60,
  example: 200,
  buttons: 10,
  urlButtons: 2,
  phoneButtons: 1,
  buttonText: 25,
  url: 2000,
  phone: 20,
} as const;

export const TEMPLATE_MESSAGES = {
  name: 'validation.templateName',
  language: 'validation.templateLanguage',
  variables: 'validation.templateVariables',
  adjacent: 'validation.templateVariablesAdjacent',
  edge: 'validation.templateVariableEdge',
  header: 'validation.templateHeaderVariable',
  buttons: 'validation.templateButtons',
  url: 'validation.url',
  tooLong: 'validation.tooLong',
} as const;

/** Names WhatsApp accepts: lowercase letters, digits and underscores. */
export const TEMPLATE_NAME_PATTERN = /^[a-z0-9_]+$/;
/** A WhatsApp language code: `es`, `es_CL`, `en_US`, `zh_CN`, `fil`. */
export const TEMPLATE_LANGUAGE_PATTERN = /^[a-z]{2,3}(_[A-Z]{2})?$/;

const VARIABLE = /\{\{(\d+)\}\}/g;
const ANY_BRACES = /\{\{|\}\}/g;

/** The numbers of a text's {{n}} variables in order of appearance: 'Hi {{1}}, {{2}}' → [1, 2]. */
export const templateVariables = (text: string): number[] =>
  [...text.matchAll(VARIABLE)].map((match) => Number(match[1]));

/**
 * What WhatsApp would refuse in a text's variables, as a validation key, or null: only {{1}}…{{n}} in
 * order (each new one the next number), never two with nothing but spaces between, never at the very
 * start or end (`checkEdges`: the body's rule).
 */
export const variablesProblem = (text: string, checkEdges: boolean): string | null => {
  const numbers = templateVariables(text);
  const braces = text.match(ANY_BRACES)?.length ?? 0;
  if (braces !== numbers.length * 2) return TEMPLATE_MESSAGES.variables;
  let highest = 0;
  for (const number of numbers) {
    if (number > highest + 1) return TEMPLATE_MESSAGES.variables;
    highest = Math.max(highest, number);
  }
  if (/\}\}\s*\{\{/.test(text)) return TEMPLATE_MESSAGES.adjacent;
  const trimmed = text.trim();
  if (checkEdges && numbers.length > 0 && (trimmed.startsWith('{{') || trimmed.endsWith('}}'))) {
    return TEMPLATE_MESSAGES.edge;
  }
  return null;
};

/** How many examples a text needs: one per distinct variable. */
export const variableCount = (text: string): number => new Set(templateVariables(text)).size;

const optionalText = (max: number) =>
  z.string().trim().max(max, { error: TEMPLATE_MESSAGES.tooLong }).default('');

const exampleText = () => requiredText().max(TEMPLATE_LIMITS.example, { error: TEMPLATE_MESSAGES.tooLong });

const buttonSchema = z
  .object({
    type: z.enum(TEMPLATE_BUTTON_TYPES, { error: MESSAGES.invalid }),
    text: requiredText().max(TEMPLATE_LIMITS.buttonText, { error: TEMPLATE_MESSAGES.tooLong }),
    url: optionalText(TEMPLATE_LIMITS.url),
    phone_number: optionalText(TEMPLATE_LIMITS.phone),
  })
  .superRefine((button, ctx) => {
    if (button.type === 'URL' && !/^https?:\/\/[^\s/$.?#][^\s]*$/i.test(button.url)) {
      ctx.addIssue({
        code: 'custom',
        path: ['url'],
        message: button.url === '' ? MESSAGES.required : TEMPLATE_MESSAGES.url,
      });
    }
    if (button.type === 'PHONE_NUMBER' && !/^\+?\d{6,19}$/.test(button.phone_number)) {
      ctx.addIssue({
        code: 'custom',
        path: ['phone_number'],
        message: button.phone_number === '' ? MESSAGES.required : MESSAGES.phone,
      });
    }
  });
export type TemplateButtonInput = z.input<typeof buttonSchema>;

/** What a template says: the part WhatsApp reviews, given at create and replaced whole by an edit. */
const templateContent = {
  header: optionalText(TEMPLATE_LIMITS.header),
  header_example: z.string().trim().max(TEMPLATE_LIMITS.example).default(''),
  body: requiredText().max(TEMPLATE_LIMITS.body, { error: TEMPLATE_MESSAGES.tooLong }),
  body_examples: z.array(z.string().max(TEMPLATE_LIMITS.example)).max(100).default([]),
  footer: optionalText(TEMPLATE_LIMITS.footer),
  buttons: z
    .array(buttonSchema)
    .max(TEMPLATE_LIMITS.buttons, { error: TEMPLATE_MESSAGES.buttons })
    .default([]),
};
export type TemplateContentShape = z.output<z.ZodObject<typeof templateContent>>;

/**
 * The header holds at most one variable ({{1}}) and the body any number in order; each variable needs an
 * example for Meta's reviewers.
 */
const checkTemplateContent = (input: TemplateContentShape, ctx: z.RefinementCtx) => {
  const headerVariables = templateVariables(input.header);
  if (headerVariables.length > 1 || variablesProblem(input.header, false)) {
    ctx.addIssue({ code: 'custom', path: ['header'], message: TEMPLATE_MESSAGES.header });
  } else if (headerVariables.length === 1 && input.header_example === '') {
    ctx.addIssue({ code: 'custom', path: ['header_example'], message: MESSAGES.required });
  }
  const problem = variablesProblem(input.body, true);
  if (problem) ctx.addIssue({ code: 'custom', path: ['body'], message: problem });
  const needed = variableCount(input.body);
  for (let index = 0; index < needed; index += 1) {
    if (!exampleText().safeParse(input.body_examples[index] ?? '').success) {
      ctx.addIssue({ code: 'custom', path: ['body_examples', index], message: MESSAGES.required });
    }
  }
  const urls = input.buttons.filter((button) => button.type === 'URL').length;
  const phones = input.buttons.filter((button) => button.type === 'PHONE_NUMBER').length;
  if (urls > TEMPLATE_LIMITS.urlButtons || phones > TEMPLATE_LIMITS.phoneButtons) {
    ctx.addIssue({ code: 'custom', path: ['buttons'], message: TEMPLATE_MESSAGES.buttons });
  }
};

/** `template/create`: a text template as WhatsApp reviews it. */
export const templateCreateSchema = z
  .object({
    device_id: requiredText().max(64),
    name: requiredText()
      .max(TEMPLATE_LIMITS.name, { error: TEMPLATE_MESSAGES.tooLong })
      .regex(TEMPLATE_NAME_PATTERN, { error: TEMPLATE_MESSAGES.name }),
    language: requiredText().regex(TEMPLATE_LANGUAGE_PATTERN, { error: TEMPLATE_MESSAGES.language }),
    category: z.enum(TEMPLATE_CATEGORIES, { error: MESSAGES.required }),
    ...templateContent,
  })
  .superRefine(checkTemplateContent);
export type TemplateCreateInput = z.input<typeof templateCreateSchema>;
export type TemplateCreate = z.output<typeof templateCreateSchema>;

/**
 * `PUT template/updateone/{id}`: the template's whole new content, as WhatsApp edits one (name, language
 * and device never change); `category` left out keeps it, and WhatsApp lets only a template not approved
 * change it.
 */
export const templateUpdateSchema = z
  .object({ category: z.enum(TEMPLATE_CATEGORIES).optional(), ...templateContent })
  .superRefine(checkTemplateContent);
export type TemplateUpdateInput = z.input<typeof templateUpdateSchema>;
export type TemplateUpdate = z.output<typeof templateUpdateSchema>;

/** The statuses WhatsApp lets a template be edited in; an approved one goes back to review. */
export const EDITABLE_TEMPLATE_STATUSES: readonly TemplateStatus[] = ['APPROVED', 'REJECTED', 'PAUSED'];

/** The components of `POST /{waba_id}/message_templates` (or of an edit) for checked content. */
export const toProviderComponents = (input: TemplateContentShape): ProviderTemplateComponent[] => {
  const components: ProviderTemplateComponent[] = [];
  if (input.header !== '') {
    components.push({
      type: 'HEADER',
      format: 'TEXT',
      text: input.header,
      ...(variableCount(input.header) > 0 ? { example: { header_text: [input.header_example] } } : {}),
    });
  }
  const examples = input.body_examples.slice(0, variableCount(input.body));
  components.push({
    type: 'BODY',
    text: input.body,
    ...(examples.length > 0 ? { example: { body_text: [examples] } } : {}),
  });
  if (input.footer !== '') components.push({ type: 'FOOTER', text: input.footer });
  if (input.buttons.length > 0) {
    components.push({
      type: 'BUTTONS',
      buttons: input.buttons.map((button) => ({
        type: button.type,
        text: button.text,
        ...(button.type === 'URL' ? { url: button.url } : {}),
        ...(button.type === 'PHONE_NUMBER' ? { phone_number: button.phone_number } : {}),
      })),
    });
  }
  return components;
};

const isButtonType = (value: unknown): value is TemplateButtonType =>
  (TEMPLATE_BUTTON_TYPES as readonly unknown[]).includes(value);

/**
 * A stored template's components read back as content (what toProviderComponents wrote), to edit it. A
 * header that is not text (an image, a document) has no text to edit and reads as none.
 */
export const templateContentOf = (components: readonly ProviderTemplateComponent[]): TemplateContentShape => {
  const of = (type: string) => components.find((component) => component.type === type);
  const header = of('HEADER');
  const body = of('BODY');
  const buttons = of('BUTTONS')?.buttons;
  const isTextHeader = header !== undefined && (header.format ?? 'TEXT') === 'TEXT';
  return {
    header: isTextHeader ? (header.text ?? '') : '',
    header_example: isTextHeader ? (header.example?.header_text?.[0] ?? '') : '',
    body: body?.text ?? '',
    body_examples: body?.example?.body_text?.[0] ?? [],
    footer: of('FOOTER')?.text ?? '',
    buttons: (Array.isArray(buttons) ? (buttons as Record<string, unknown>[]) : []).map((button) => ({
      type: isButtonType(button.type) ? button.type : 'QUICK_REPLY',
      text: String(button.text ?? ''),
      url: String(button.url ?? ''),
      phone_number: String(button.phone_number ?? ''),
    })),
  };
};

/**
 * A template text as the recipient would read it: each {{n}} replaced by its parameter, where the spec's
 * placeholders ($fullname, $firstname, $lastname, $username) are filled from the contact and the user and
 * any other text stays literal. A variable without a parameter stays as {{n}}.
 */
export const templatePreview = (
  text: string,
  parameters: readonly string[],
  context: TemplateContext,
): string =>
  text.replace(VARIABLE, (whole, number: string) => {
    const parameter = parameters[Number(number) - 1];
    return parameter === undefined || parameter === '' ? whole : fillPlaceholders(parameter, context);
  });
