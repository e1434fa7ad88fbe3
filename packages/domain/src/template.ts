/** The placeholders a sent text or template parameter may hold; any other text is sent literally. */
export const TEMPLATE_PLACEHOLDERS = ['$fullname', '$firstname', '$lastname', '$username'] as const;

export type TemplateContext = {
  contact: { first_name: string; last_name: string; full_name: string };
  user: { name: string };
};

/**
 * Fills $fullname, $firstname, $lastname from the recipient contact and $username from the sending user
 * (the agent, or the diffusion's author): the one rule for every text sent to a customer (a diffusion's
 * text, a template's parameters) and for every preview of one.
 */
export const fillPlaceholders = (text: string, context: TemplateContext): string =>
  text
    .replaceAll('$fullname', context.contact.full_name)
    .replaceAll('$firstname', context.contact.first_name)
    .replaceAll('$lastname', context.contact.last_name)
    .replaceAll('$username', context.user.name);
