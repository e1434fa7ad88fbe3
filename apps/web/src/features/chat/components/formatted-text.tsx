import { Link } from '@mui/material';
import type { ReactNode } from 'react';
import { NEW_TAB } from '../../../shared/ui/new-tab';
import { type FormatNode, parseMessageFormat } from '../message-format';

const render = (nodes: FormatNode[]): ReactNode[] =>
  nodes.map((node, index) => {
    const key = `${node.type}-${index}`;
    if (node.type === 'text') return node.text;
    if (node.type === 'bold') return <strong key={key}>{render(node.children)}</strong>;
    if (node.type === 'italic') return <em key={key}>{render(node.children)}</em>;
    if (node.type !== 'link') return <s key={key}>{render(node.children)}</s>;
    return (
      <Link key={key} href={node.href} {...NEW_TAB} sx={{ wordBreak: 'break-all' }}>
        {node.text}
      </Link>
    );
  });

/** A message body with its formatting, built from React elements only (no HTML strings). */
export const FormattedText = ({ text }: { text: string }) => <>{render(parseMessageFormat(text))}</>;
