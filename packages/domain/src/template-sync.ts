import type { MessageTemplate } from './message-send';

/** A template as the provider lists it (WhatsApp's message_templates): the parts the product uses. */
export type ProviderTemplateComponent = {
  type: string;
  format?: string;
  text?: string;
  example?: { header_text?: string[]; body_text?: string[][] };
  [key: string]: unknown;
};

/** A synchronised template (`POST template/search`). */
export type Template = {
  id: string;
  client_id: string;
  device_id: string;
  name: string;
  language: string;
  /** The provider's review status: APPROVED, PENDING, REJECTED, PAUSED… only APPROVED ones can be sent. */
  status: string;
  category: string;
  /** GREEN, YELLOW, RED or UNKNOWN (WhatsApp's quality rating). */
  quality: string;
  /** Why the provider rejected, paused or disabled it, in its words. */
  reason: string;
  /** The body text with its {{1}} placeholders, to show as a preview. */
  example: string;
  components: ProviderTemplateComponent[];
  /** What `message/sendtemplate` takes, parameters pre-filled with the provider's examples. */
  schema: { template: MessageTemplate };
  create_date: string;
  update_date: string;
};

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/** The distinct placeholders of a text, in order of first use: 'Hi {{1}}, {{2}} and {{1}}' → ['1', '2']. */
export const templatePlaceholders = (text: string): string[] => [
  ...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '')),
];

/** The body's text, which the template screens show as the template's example. */
export const templateExampleText = (components: ProviderTemplateComponent[]): string =>
  components.find((component) => component.type.toUpperCase() === 'BODY')?.text ?? '';

const examplesOf = (component: ProviderTemplateComponent): string[] =>
  component.type.toUpperCase() === 'HEADER'
    ? (component.example?.header_text ?? [])
    : (component.example?.body_text?.[0] ?? []);

/**
 * The send skeleton of a provider template: one text parameter per placeholder of the header (text format)
 * and the body, pre-filled with the provider's example value when it has one, else empty for a person to
 * fill ($fullname, $firstname, $lastname, $username or literal text).
 */
export const templateSkeleton = (
  name: string,
  language: string,
  components: ProviderTemplateComponent[],
): MessageTemplate => ({
  name,
  language,
  components: components
    .filter((component) => {
      const kind = component.type.toUpperCase();
      return kind === 'BODY' || (kind === 'HEADER' && (component.format ?? 'TEXT').toUpperCase() === 'TEXT');
    })
    .map((component) => {
      const examples = examplesOf(component);
      return {
        type: component.type.toLowerCase(),
        parameters: templatePlaceholders(component.text ?? '').map((_, index) => ({
          type: 'text' as const,
          text: examples[index] ?? '',
        })),
      };
    })
    .filter((component) => component.parameters.length > 0),
});
