import { describe, expect, it } from 'vitest';
import { actionOfKey, isTextField, type KeyPress, keysApplyTo } from './result-keys';

const press = (key: string, more: Partial<KeyPress> = {}): KeyPress => ({
  key,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  repeat: false,
  defaultPrevented: false,
  ...more,
});

describe('actionOfKey', () => {
  it('maps P, F, B and S to their results, in either case', () => {
    expect(actionOfKey(press('p'))).toEqual({ kind: 'record', state: 'passed' });
    expect(actionOfKey(press('F'))).toEqual({ kind: 'record', state: 'failed' });
    expect(actionOfKey(press('b'))).toEqual({ kind: 'record', state: 'blocked' });
    expect(actionOfKey(press('S'))).toEqual({ kind: 'record', state: 'skipped' });
  });

  it('maps R to Retest', () => {
    expect(actionOfKey(press('r'))).toEqual({ kind: 'record', state: 'retest' });
  });

  it('maps N to the next untested item and U to undo', () => {
    expect(actionOfKey(press('n'))).toEqual({ kind: 'next' });
    expect(actionOfKey(press('u'))).toEqual({ kind: 'undo' });
  });

  it('maps Shift+N to the previous item; N with Caps Lock is still the next one', () => {
    expect(actionOfKey(press('N', { shiftKey: true }))).toEqual({ kind: 'previous' });
    expect(actionOfKey(press('N'))).toEqual({ kind: 'next' });
  });

  it('ignores other keys, shortcuts, held keys and keys already handled', () => {
    expect(actionOfKey(press('x'))).toBeNull();
    expect(actionOfKey(press('Enter'))).toBeNull();
    expect(actionOfKey(press('Escape'))).toBeNull();
    expect(actionOfKey(press('p', { ctrlKey: true }))).toBeNull();
    expect(actionOfKey(press('s', { metaKey: true }))).toBeNull();
    expect(actionOfKey(press('f', { altKey: true }))).toBeNull();
    expect(actionOfKey(press('p', { repeat: true }))).toBeNull();
    expect(actionOfKey(press('p', { defaultPrevented: true }))).toBeNull();
  });
});

describe('isTextField', () => {
  const make = (html: string) => {
    document.body.innerHTML = html;
    return document.body.firstElementChild;
  };

  it('is true for text inputs, text areas, selects and editable or textbox elements', () => {
    expect(isTextField(make('<input type="text">'))).toBe(true);
    expect(isTextField(make('<input>'))).toBe(true);
    expect(isTextField(make('<input type="search">'))).toBe(true);
    expect(isTextField(make('<textarea></textarea>'))).toBe(true);
    expect(isTextField(make('<select><option>a</option></select>'))).toBe(true);
    expect(isTextField(make('<div role="combobox"></div>'))).toBe(true);
    const editable = make('<div contenteditable="true"></div>') as HTMLElement;
    // jsdom does not compute isContentEditable; a browser does.
    Object.defineProperty(editable, 'isContentEditable', { value: true });
    expect(isTextField(editable)).toBe(true);
  });

  it('is false for buttons, links, headings, check boxes and no target', () => {
    expect(isTextField(make('<button>Passed</button>'))).toBe(false);
    expect(isTextField(make('<a href="/x">x</a>'))).toBe(false);
    expect(isTextField(make('<h1 tabindex="-1">Case</h1>'))).toBe(false);
    expect(isTextField(make('<input type="checkbox">'))).toBe(false);
    expect(isTextField(document.body)).toBe(false);
    expect(isTextField(null)).toBe(false);
  });
});

describe('keysApplyTo', () => {
  it('acts on the page and in the content, never in a text field or outside the content', () => {
    document.body.innerHTML =
      '<nav><button id="tree">Tree</button></nav><main><h1 id="h">Case</h1><textarea id="t"></textarea></main>';
    const main = document.querySelector('main')!;
    expect(keysApplyTo(document.body, main)).toBe(true);
    expect(keysApplyTo(null, main)).toBe(true);
    expect(keysApplyTo(document.getElementById('h'), main)).toBe(true);
    expect(keysApplyTo(document.getElementById('t'), main)).toBe(false);
    expect(keysApplyTo(document.getElementById('tree'), main)).toBe(false);
  });
});
