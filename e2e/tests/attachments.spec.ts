import type { Page } from '@playwright/test';
import type { PermissionName } from '@verdict/contract';
import { DESKTOP, expectNoAxeViolations, expectNoSidewaysScroll, PHONE } from '../axe';
import { createCase, createProject, expect, signInAt, TREE_USER, test, unique } from '../fixtures';
import { toast } from '../page-helpers';

/**
 * docs/product/rich-cases-screens.md, "Attachments": files on a case page chosen, dropped and
 * pasted, shown with thumbnails, downloaded and deleted; HTML and SVG never shown inline.
 */

const EDITOR: readonly PermissionName[] = [...TREE_USER, 'edit_test_case'];

const panel = (page: Page) => page.getByRole('region', { name: 'Attachments' });
const files = (page: Page) => page.getByRole('list', { name: 'Attachments' });

/** Sends a browser event carrying files, as a drop or a paste does. */
async function dispatchFiles(page: Page, kind: 'drop' | 'paste', name: string, type: string, base64: string) {
  await page.evaluate(
    ({ kind, name, type, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], name, { type }));
      if (kind === 'paste') {
        document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
      } else {
        const zone = document.querySelector('.attachment-drop')!;
        zone.dispatchEvent(
          new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }),
        );
        zone.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
      }
    },
    { kind, name, type, base64 },
  );
}

test.describe('attachments on a case', () => {
  test('choose, drop and paste files; thumbnails for images; download; delete', async ({
    page,
    createUser,
  }) => {
    const editor = await createUser({ permissions: EDITOR, prefix: 'files' });
    const api = await editor.api();
    const project = await createProject(api, unique('Files P'));
    const testCase = await createCase(api, { project: project.id }, unique('Upload'));
    await signInAt(page, `/cases/${testCase.id}`, editor);
    await expect(panel(page).getByText('No files attached.')).toBeVisible();
    // A real PNG: a corner of the screen.
    const PNG = await page.screenshot({ clip: { x: 0, y: 0, width: 24, height: 16 } });

    // The file picker.
    await panel(page)
      .locator('input[type=file]')
      .setInputFiles([
        { name: 'server.log', mimeType: 'text/plain', buffer: Buffer.from('line 1\nline 2\n') },
      ]);
    await expect(toast(page, 'File attached')).toBeVisible();
    await expect(files(page).getByRole('button', { name: 'Download server.log' })).toBeVisible();

    // A dropped image gets a thumbnail.
    await dispatchFiles(page, 'drop', 'screen.png', 'image/png', PNG.toString('base64'));
    const thumbnail = files(page).getByRole('img', { name: 'screen.png' });
    await expect(thumbnail).toBeVisible();
    // Drawn, not a broken image: fetched with the session's token into an object URL.
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(24);

    // A pasted screenshot (the clipboard names it image.png) is named by its time.
    await dispatchFiles(page, 'paste', 'image.png', 'image/png', PNG.toString('base64'));
    await expect(files(page).getByRole('img', { name: /^pasted-.*\.png$/ })).toBeVisible();

    // HTML and SVG are listed as files, never drawn.
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>window.__pwned = 1</script></svg>';
    await panel(page)
      .locator('input[type=file]')
      .setInputFiles([
        { name: 'evil.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(svg) },
        {
          name: 'evil.html',
          mimeType: 'text/html',
          buffer: Buffer.from('<script>window.__pwned = 1</script>'),
        },
      ]);
    await expect(files(page).getByRole('button', { name: 'Download evil.svg' })).toBeVisible();
    await expect(files(page).getByRole('img', { name: 'evil.svg' })).toHaveCount(0);
    await expect(files(page).getByRole('listitem')).toHaveCount(5);

    const download = page.waitForEvent('download');
    await files(page).getByRole('button', { name: 'Download server.log' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe('server.log');
    const downloadSvg = page.waitForEvent('download');
    await files(page).getByRole('button', { name: 'Download evil.svg' }).click();
    expect((await downloadSvg).suggestedFilename()).toBe('evil.svg');
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();

    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page, `case attachments at ${viewport.width}px`);
      await expectNoSidewaysScroll(page, `case attachments at ${viewport.width}px`);
    }
    await page.setViewportSize(DESKTOP);

    await files(page).getByRole('button', { name: 'Delete server.log' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, Delete' }).click();
    await expect(toast(page, 'File "server.log" deleted')).toBeVisible();
    await expect(files(page).getByRole('listitem')).toHaveCount(4);
  });

  test('without edit_test_case the files are listed, not changed', async ({ page, createUser }) => {
    const editor = await createUser({ permissions: EDITOR, prefix: 'files-owner' });
    const api = await editor.api();
    const project = await createProject(api, unique('Files R'));
    const testCase = await createCase(api, { project: project.id }, unique('Read only'));
    await api.upload(
      `/api/test-cases/${testCase.id}/attachments`,
      'notes.txt',
      'text/plain',
      Buffer.from('n'),
    );
    const reader = await createUser({
      permissions: [...TREE_USER, 'view_all_projects'],
      prefix: 'files-reader',
    });
    await signInAt(page, `/cases/${testCase.id}`, reader);
    await expect(files(page).getByRole('button', { name: 'Download notes.txt' })).toBeVisible();
    await expect(panel(page).locator('input[type=file]')).toHaveCount(0);
    await expect(files(page).getByRole('button', { name: 'Delete notes.txt' })).toHaveCount(0);
  });

  test('files chosen or pasted while recording a result go with it', async ({ page, createUser }) => {
    const tester = await createUser({
      permissions: [...TREE_USER, 'home_test_cycle', 'add_test_cycle', 'execute_test_cycle'],
      prefix: 'files-tester',
    });
    const api = await tester.api();
    const project = await createProject(api, unique('Files C'));
    const testCase = await createCase(api, { project: project.id }, unique('Evidence'));
    const { cycle } = await api.call<{ cycle: { id: number } }>(
      'POST',
      `/api/projects/${project.id}/cycles`,
      {
        name: unique('Run'),
        case_ids: [testCase.id],
      },
    );
    const { items } = await api.call<{ items: { id: number }[] }>('GET', `/api/cycles/${cycle.id}/items`);
    await signInAt(page, `/cycle-items/${items[0]!.id}`, tester);
    const record = page.locator('.card', { has: page.getByRole('heading', { name: 'Record a result' }) });
    await record
      .locator('input[type=file]')
      .setInputFiles([
        { name: 'console.txt', mimeType: 'text/plain', buffer: Buffer.from('TypeError at line 3') },
      ]);
    await dispatchFiles(
      page,
      'paste',
      'image.png',
      'image/png',
      (await page.screenshot({ clip: { x: 0, y: 0, width: 8, height: 8 } })).toString('base64'),
    );
    const pending = page.getByRole('list', { name: 'Files to attach' });
    await expect(pending.getByRole('listitem')).toHaveCount(2);
    await expect(pending).toContainText('console.txt');
    await expectNoAxeViolations(page, 'execution view with files to attach');
    await page.getByRole('button', { name: /^Failed/ }).click();
    await expect(page.getByText('No untested items left in this cycle.')).toBeVisible();
    // The result holds both files; the execution view lists them under it.
    const results = page.locator('.card', { has: page.getByRole('heading', { name: /^Results \(1\)/ }) });
    await expect(results.getByRole('button', { name: 'Download console.txt' })).toBeVisible();
    await expect(results.getByRole('img', { name: /^pasted-.*\.png$/ })).toBeVisible();
    await expect(pending).toHaveCount(0);
  });
});
