/**
 * The message text formatting of spec section 9 (_italic_, *bold*, ~strike~ and links), parsed into a tree
 * that React renders as elements, so a customer's text can never inject markup.
 */
export type FormatNode =
  | { type: 'text'; text: string }
  | { type: 'bold' | 'italic' | 'strike'; children: FormatNode[] }
  | { type: 'link'; href: string; text: string };

const STYLE_OF: Record<string, 'bold' | 'italic' | 'strike'> = { '*': 'bold', _: 'italic', '~': 'strike' };

const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;
// A marker opens after the start or a non-word character, wraps text that neither starts nor ends with a
// space, and closes before the end or a non-word character (as WhatsApp does: 2*3*4 stays literal).
const STYLE_PATTERN = /(^|[^\p{L}\p{N}])([*_~])(?!\s)([^\n]*?[^\s])\2(?=$|[^\p{L}\p{N}])/u;

// Trailing punctuation usually ends the sentence, not the address.
const trimUrl = (url: string): string => url.replace(/[.,;:!?)\]]+$/, '');

const parseStyles = (text: string): FormatNode[] => {
  const nodes: FormatNode[] = [];
  let rest = text;
  while (rest !== '') {
    const match = STYLE_PATTERN.exec(rest);
    if (!match) {
      nodes.push({ type: 'text', text: rest });
      break;
    }
    const [whole, before = '', marker = '', inner = ''] = match;
    const start = match.index + before.length;
    const head = rest.slice(0, start);
    if (head !== '') nodes.push({ type: 'text', text: head });
    nodes.push({ type: STYLE_OF[marker] ?? 'bold', children: parseStyles(inner) });
    rest = rest.slice(match.index + whole.length);
  }
  return nodes;
};

export const parseMessageFormat = (text: string): FormatNode[] => {
  const nodes: FormatNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = trimUrl(match[0]);
    const start = match.index;
    if (start > last) nodes.push(...parseStyles(text.slice(last, start)));
    const href = url.toLowerCase().startsWith('www.') ? `https://${url}` : url;
    nodes.push({ type: 'link', href, text: url });
    last = start + url.length;
  }
  if (last < text.length) nodes.push(...parseStyles(text.slice(last)));
  return nodes;
};
