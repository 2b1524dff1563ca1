import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown';

function html(text: string): HTMLElement {
  const { container } = render(<Markdown text={text} />);
  return container.querySelector('.markdown') as HTMLElement;
}

describe('Markdown', () => {
  it('renders Markdown and GitHub tables, lists and strike-through', () => {
    const root = html('**bold** ~~gone~~\n\n- one\n- two\n\n| a | b |\n| - | - |\n| 1 | 2 |');
    expect(root.querySelector('strong')?.textContent).toBe('bold');
    expect(root.querySelector('del')?.textContent).toBe('gone');
    expect(root.querySelectorAll('li')).toHaveLength(2);
    expect(root.querySelector('table td')?.textContent).toBe('1');
  });

  it('never lets raw HTML reach the page: a script or an img onerror shows as text', () => {
    const root = html('<script>alert(1)</script>\n\nHello <img src=x onerror="alert(2)"> there');
    expect(root.querySelector('script')).toBeNull();
    expect(root.querySelector('img')).toBeNull();
    expect(root.querySelector('[onerror]')).toBeNull();
    expect(root.textContent).toContain('<script>alert(1)</script>');
    expect(root.textContent).toContain('<img src=x onerror="alert(2)">');
  });

  it('drops javascript: links and gives other links rel="noopener noreferrer"', () => {
    const root = html('[x](javascript:alert(1)) and [site](https://example.com)');
    const links = [...root.querySelectorAll('a')];
    expect(links.map((link) => link.getAttribute('href'))).not.toContain('javascript:alert(1)');
    expect(root.innerHTML).not.toContain('javascript:');
    const site = links.find((link) => link.textContent === 'site');
    expect(site?.getAttribute('href')).toBe('https://example.com');
    expect(site?.getAttribute('rel')).toBe('noopener noreferrer');
  });
});
