import { describe, expect, it } from 'vitest';
import { focusTarget } from './focus-on-navigation';

function main(html: string): HTMLElement {
  const element = document.createElement('main');
  element.innerHTML = html;
  return element;
}

describe('focusTarget', () => {
  it('is the first enabled field of a form screen', () => {
    const screen = main(`
      <section class="page page-narrow"><h1>Create User</h1>
        <form><input type="hidden" name="t"><input disabled id="off"><input id="first"><select id="second"></select></form>
      </section>`);
    expect(focusTarget(screen)?.id).toBe('first');
  });

  it('is the heading of any other screen, even one holding a form', () => {
    const screen = main(`
      <section class="page"><h1 id="title">API Tokens</h1><form><input id="name"></form></section>`);
    expect(focusTarget(screen)?.id).toBe('title');
  });

  it('is nothing while the screen has neither', () => {
    expect(focusTarget(main('<p>Loading...</p>'))).toBeNull();
  });
});
