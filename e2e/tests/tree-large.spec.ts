import {
  createCase,
  createProject,
  createSuite,
  expect,
  inBatches,
  signIn,
  TREE_USER,
  test,
  unique,
} from '../fixtures';
import { clickArrow, node, tree } from '../page-helpers';

/**
 * A suite with very many cases stays usable: the tree shows 200 at a time with 'Show more', it is
 * virtualized, so only the rows in view (and a few more) are in the DOM, and the keyboard reaches
 * 'Show more' and, window after window, the last case.
 */

const DOM_ROW_LIMIT = 100;

test.describe('project tree with many children', () => {
  test('1,000 cases made through the API: few rows in the DOM, End reaches the last', async ({
    page,
    createUser,
  }) => {
    test.setTimeout(240_000);
    const user = await createUser({ permissions: TREE_USER, prefix: 'big' });
    const api = await user.api();
    const project = await createProject(api, unique('Big P'));
    const suite = await createSuite(api, project.id, unique('Big S'));
    const pad = (n: number) => String(n).padStart(4, '0');
    await inBatches(1000, 50, (i) => createCase(api, { suite: suite.id }, `Big case ${pad(i)}`));

    await signIn(page, user);
    await clickArrow(page, project.name);
    await clickArrow(page, suite.name);
    // Cases are listed by id, and parallel creation does not keep ids in name order.
    const firstCase = tree(page).locator('[role="treeitem"][aria-level="3"][aria-posinset="1"]');
    await expect(firstCase).toBeVisible();
    // The first 200 show, then 'Show more' (docs/product/shell-and-navigation.md, "Long lists").
    await expect(firstCase).toHaveAttribute('aria-setsize', '200');

    const rendered = await tree(page).getByRole('treeitem').count();
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(DOM_ROW_LIMIT);

    await firstCase.focus();
    for (const shown of [200, 400, 600, 800]) {
      await page.keyboard.press('End');
      await expect(page.locator(':focus')).toHaveText(`Show more (${shown} of 1,000 shown)`);
      await page.keyboard.press('Enter');
      await expect(page.locator(':focus')).toHaveAttribute('aria-posinset', String(shown + 1));
    }
    await page.keyboard.press('End');
    // The tree lists cases by id; cases created in parallel need not get ids in name order.
    const last = tree(page).locator('[role="treeitem"][aria-posinset="1000"]');
    await expect(last).toBeFocused();
    await expect(last).toBeInViewport();
    await expect(last).toHaveAttribute('aria-setsize', '1000');
    await expect(firstCase).toHaveCount(0);
    expect(await tree(page).getByRole('treeitem').count()).toBeLessThan(DOM_ROW_LIMIT);

    // Scrolling with the wheel brings the middle into view.
    await page.keyboard.press('Home');
    await expect(node(page, project.name)).toBeFocused();
    const scroller = page.locator('.tree-scroll');
    await scroller.evaluate((element) => {
      element.scrollTop = element.scrollHeight / 2;
    });
    await expect(
      tree(page)
        .getByRole('treeitem', { name: /^Big case 0[3-6]\d\d$/ })
        .first(),
    ).toBeVisible();
    expect(await tree(page).getByRole('treeitem').count()).toBeLessThan(DOM_ROW_LIMIT);
  });

  test('10,000 children under one node open a window at a time and scroll with few rows in the DOM', async ({
    page,
    createUser,
  }) => {
    test.setTimeout(120_000);
    const user = await createUser({ permissions: TREE_USER, prefix: 'huge' });
    const api = await user.api();
    const project = await createProject(api, unique('Huge P'));
    const suite = await createSuite(api, project.id, unique('Huge S'));
    const first = await createCase(api, { suite: suite.id }, 'Huge case 00000');
    // The list itself is made up in the browser: 10,000 cases like the server's.
    const cases = Array.from({ length: 10_000 }, (_, i) => ({
      ...first,
      id: first.id + i * 100_000,
      name: `Huge case ${String(i).padStart(5, '0')}`,
      has_children: false,
    }));
    await page.route(`**/api/suites/${suite.id}/cases*`, (route) => {
      const query = new URL(route.request().url()).searchParams;
      const offset = Number(query.get('offset'));
      const items = cases.slice(offset, offset + Number(query.get('limit')));
      return route.fulfill({ json: { items, total: cases.length } });
    });

    await signIn(page, user);
    await clickArrow(page, project.name);
    await expect(node(page, suite.name)).toBeVisible();

    // Speed is measured by `npm run bench`, not asserted here; this checks the DOM stays small.
    await clickArrow(page, suite.name);
    await expect(node(page, 'Huge case 00000')).toBeVisible();
    expect(await tree(page).getByRole('treeitem').count()).toBeLessThan(DOM_ROW_LIMIT);
    expect(await page.locator('.tree-scroll [role="tree"] *').count()).toBeLessThan(DOM_ROW_LIMIT * 12);

    // Jumping to the end and back with the keyboard.
    // The first 200 show; End reaches 'Show more', and Enter adds the next 200.
    await node(page, 'Huge case 00000').focus();
    await page.keyboard.press('End');
    await expect(page.locator(':focus')).toHaveText('Show more (200 of 10,000 shown)');
    await page.keyboard.press('Enter');
    await expect(node(page, 'Huge case 00200')).toBeFocused();
    await page.keyboard.press('Home');
    await expect(node(page, project.name)).toBeFocused();

    // Scrolling through the whole list renders the rows in view, and only those.
    await page.locator('.tree-scroll').evaluate(async (element) => {
      for (let step = 1; step <= 20; step += 1) {
        element.scrollTop = (element.scrollHeight * step) / 20;
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      }
    });
    await expect(tree(page).getByText('Show more (400 of 10,000 shown)')).toBeVisible();
    await expect(node(page, 'Huge case 00399')).toBeVisible();
    expect(await tree(page).getByRole('treeitem').count()).toBeLessThan(DOM_ROW_LIMIT);

    // Collapsing takes it all away again.
    await page.locator('.tree-scroll').evaluate((element) => {
      element.scrollTop = 0;
    });
    await clickArrow(page, suite.name);
    await expect(tree(page).getByRole('treeitem')).toHaveCount(2);
  });
});
