import type { ComponentProps } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import './markdown.css';

/**
 * Links open the page they name without handing it this window (`window.opener`) or the
 * address the reader came from.
 */
const COMPONENTS: Components = {
  a: ({ node: _node, ...props }: ComponentProps<'a'> & { node?: unknown }) => (
    <a {...props} rel="noopener noreferrer" />
  ),
};

/**
 * Markdown a person wrote (descriptions, preconditions, steps), rendered safely: react-markdown
 * builds React elements from the syntax tree and never parses HTML (no rehype-raw), so a
 * `<script>` or an `<img onerror>` shows as its text; its default `urlTransform` drops
 * `javascript:`, `vbscript:` and `data:` links (docs/decisions/127-rich-case-screens.md).
 */
export function Markdown({ text, className }: { text: string; className?: string }) {
  return (
    <div className={className ? `markdown ${className}` : 'markdown'}>
      <ReactMarkdown remarkPlugins={[remarkGfm]} components={COMPONENTS} skipHtml={false}>
        {text}
      </ReactMarkdown>
    </div>
  );
}
