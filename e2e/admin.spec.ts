/** The operator manages the catalogue: login, add with images, edit, delete, open-box stock, rich text. */
import { expect, test, type Page } from '@playwright/test';
import type { ProductDetail } from '../shared/schemas/catalog.js';
import { adminToken, E2E_ADMIN_PASSWORD } from './support/api.js';
import { colorOf, serveImage, solidPng, type ColorName } from './support/images.js';
import { collectDialogs, expectAccessible } from './support/page.js';
import { saveScreenshot } from './support/screens.js';

async function signedInAdmin(page: Page, request: Parameters<typeof adminToken>[0]): Promise<void> {
  const token = await adminToken(request);
  await page.addInitScript((value) => window.localStorage.setItem('adminToken', value), token);
}

async function galleryColors(page: Page, folder: string, id: number, count: number): Promise<ColorName[]> {
  const colors: ColorName[] = [];
  for (let n = 1; n <= count; n += 1) {
    const response = await page.request.get(`/images/${folder}/${id}/${n}.webp?fresh=${Date.now()}`);
    expect(response.ok()).toBe(true);
    colors.push(await colorOf(await response.body()));
  }
  return colors;
}

test('logs in after a wrong password, and Exit logs out', async ({ page }) => {
  const dialogs = collectDialogs(page);
  await page.goto('/pcadmin');
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Shop' })).toHaveAttribute('href', '/');
  const password = page.getByPlaceholder('Enter password');
  await password.fill('not the password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect.poll(() => dialogs).toEqual([expect.stringMatching(/^Wrong password/)]);
  await expect(password).toHaveValue('');
  await password.fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'PC Admin Panel' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Add product' })).toHaveAttribute('aria-selected', 'true');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'PC Admin Panel' })).toBeVisible();
  // Exit ends the session on the server, then reloads the page.
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Exit' }).click()]);
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
});

test('adds a product with uploaded and linked images in a chosen order, edits it, and deletes it', async ({
  page,
  request,
}) => {
  const linked = await serveImage(await solidPng('blue'));
  const dialogs = collectDialogs(page);
  await signedInAdmin(page, request);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Referrals Shop Admin Panel' })).toBeVisible();

  const idField = page.getByLabel('id', { exact: true });
  await expect(idField).not.toHaveValue('');
  const id = Number(await idField.inputValue());
  const title = `E2E Lantern ${Date.now()}`;
  await page.getByLabel('title', { exact: true }).fill(title);
  await page.getByLabel('main category', { exact: true }).fill('Outdoors');
  await page.getByLabel('category', { exact: true }).fill('Camping Lights');
  await page.getByLabel('price', { exact: true }).fill('24.50');
  await page.getByLabel('typical price', { exact: true }).fill('30');
  await page.getByLabel('link', { exact: true }).fill('https://www.amazon.com/dp/E2E');

  await page.getByLabel('choose images').setInputFiles([
    { name: 'red.png', mimeType: 'image/png', buffer: await solidPng('red') },
    { name: 'green.png', mimeType: 'image/png', buffer: await solidPng('green') },
  ]);
  await page.getByLabel('Image links').fill(`${linked.url}, http://127.0.0.1:9/missing.png`);
  await page.getByRole('button', { name: 'Add from links' }).click();
  const pending = page.getByRole('list', { name: 'New images' }).getByRole('listitem');
  await expect(pending).toHaveCount(3);
  await expect(page.getByLabel('Image links')).toHaveValue('');
  // The linked (blue) image goes first: two steps left.
  await page.getByRole('button', { name: 'Move image 3 left' }).click();
  await page.getByRole('button', { name: 'Move image 2 left' }).click();
  await saveScreenshot(page, 'admin-add');

  await page.getByRole('button', { name: 'Add product' }).click();
  await expect.poll(() => dialogs).toContain('Product added successfully');
  await expect(idField).toHaveValue(String(id + 1));
  linked.close();

  const added = (await (await request.get(`/api/products/${id}?shop=default`)).json()) as ProductDetail;
  expect(added).toMatchObject({ title, price: '24.50', typical_price: '30.00', imagecount: 3 });
  expect(await galleryColors(page, 'Products', id, 3)).toEqual(['blue', 'red', 'green']);

  await page.goto(`/refferals?product=${id}`);
  const modal = page.getByRole('dialog', { name: title });
  await expect(modal.getByTestId('gallery-indicator')).toHaveText('1 of 3');
  await expect(modal.getByText('$24.50').first()).toBeVisible();

  // Edit: a new price, one image deleted, one added.
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Edit product' }).click();
  await page.getByLabel('Enter product ID').fill(String(id));
  await page.getByRole('button', { name: 'Load product' }).click();
  await expect(page.getByLabel('title', { exact: true })).toHaveValue(title);
  await page.getByRole('button', { name: 'Delete 1.webp' }).click();
  await expect(page.getByRole('button', { name: 'Delete 3.webp' })).toHaveCount(0);
  await page.getByLabel('price', { exact: true }).fill('19.99');
  await page
    .getByLabel('add images')
    .setInputFiles([{ name: 'yellow.png', mimeType: 'image/png', buffer: await solidPng('yellow') }]);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect.poll(() => dialogs).toContain('Product updated');
  const edited = (await (await request.get(`/api/products/${id}?shop=default`)).json()) as ProductDetail;
  expect(edited).toMatchObject({ price: '19.99', imagecount: 3 });
  expect(await galleryColors(page, 'Products', id, 3)).toEqual(['red', 'green', 'yellow']);

  // Delete.
  await page.getByRole('tab', { name: 'Delete product' }).click();
  await page.getByLabel('Enter the ID to delete').fill(String(id));
  await page.getByRole('button', { name: 'Delete product' }).click();
  await expect.poll(() => dialogs).toContain(`Product with ID ${id} has been deleted`);
  expect(dialogs).toContain(`Are you sure you want to delete the product with ID - ${id}?`);
  await expect(page.getByLabel('Enter the ID to delete')).toHaveValue('');
  expect((await request.get(`/api/products/${id}?shop=default`)).status()).toBe(404);
});

test('the open-box admin sets condition prices and quantities that the shop offers', async ({
  page,
  request,
}) => {
  const dialogs = collectDialogs(page);
  await signedInAdmin(page, request);
  await page.goto('/ayzadmin');
  await expect(page.getByRole('heading', { name: 'AYZ Admin Panel' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/orders');
  const idField = page.getByLabel('id', { exact: true });
  await expect(idField).not.toHaveValue('');
  const id = Number(await idField.inputValue());
  const title = `E2E Console ${Date.now()}`;
  await page.getByLabel('title', { exact: true }).fill(title);
  await page.getByLabel('main category', { exact: true }).fill('Gaming');
  await page.getByLabel('category', { exact: true }).fill('Consoles');
  await page.getByLabel('good condition price', { exact: true }).fill('199.00');
  await page.getByLabel('good condition available quantity', { exact: true }).fill('1');
  await page.getByLabel('excellent condition price', { exact: true }).fill('259.50');
  await page.getByLabel('excellent condition available quantity', { exact: true }).fill('4');
  await page.getByLabel('acceptable condition price', { exact: true }).fill('150');
  await page.getByLabel('warranty months', { exact: true }).fill('12');
  await page
    .getByLabel('choose images')
    .setInputFiles([{ name: 'console.png', mimeType: 'image/png', buffer: await solidPng('green') }]);
  await page.getByRole('button', { name: 'Add product' }).click();
  await expect.poll(() => dialogs).toContain('Product added successfully');

  await page.goto(`/?product=${id}`);
  const modal = page.getByRole('dialog', { name: title });
  await expect(modal.getByRole('combobox').locator('option', { hasText: 'Good' }).first()).toBeAttached();
  const options = await modal.getByRole('combobox').locator('option').allInnerTexts();
  expect(options.join('|')).not.toMatch(/Acceptable/);
  expect(options.find((o) => o.includes('Good'))).toMatch(/1.*199\.00|199\.00.*1/);
  expect(options.find((o) => o.includes('Excellent'))).toMatch(/4.*259\.50|259\.50.*4/);
  await expect(modal.getByText('$150.00 – $259.50')).toBeVisible();
  await expect(modal.getByText('5 - in stock').first()).toBeVisible();
  await expect(modal.getByText('Warranty: 12 months')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await modal.getByText('Warranty: 12 months').scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'openbox-modal-warranty-390');
});

test('a save from an Edit form a purchase overtook is refused, keeps the typed text, and reloads on request', async ({
  page,
  request,
}) => {
  const dialogs = collectDialogs(page);
  const token = await adminToken(request);
  await page.addInitScript((value) => window.localStorage.setItem('adminToken', value), token);
  // A product of its own, far from the ids other journeys' Add forms are given.
  const id = 700_000 + Math.floor(Math.random() * 100_000);
  const title = `E2E Stale ${id}`;
  const added = await request.post('/api/add-product?shop=ayz', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      id,
      title,
      main_category: 'Audio',
      category: 'Speakers',
      acceptable_condition_price: '19.99',
      acceptable_condition_available_quantity: 5,
    },
  });
  expect(added.status()).toBe(201);

  await page.goto('/ayzadmin');
  await page.getByRole('tab', { name: 'Edit product' }).click();
  await page.getByLabel('Enter product ID').fill(String(id));
  await page.getByRole('button', { name: 'Load product' }).click();
  const quantity = page.getByLabel('acceptable condition available quantity', { exact: true });
  await expect(quantity).toHaveValue('5');

  // A buyer reserves 2 while the form is open.
  const buyer = (await (
    await request.post('/api/auth/demo', { data: { name: 'Stale Buyer', email: `stale-${id}@example.com` } })
  ).json()) as { token: string; user: { sub: string } };
  const bought = await request.post('/api/create-purchase', {
    headers: { Authorization: `Bearer ${buyer.token}` },
    data: {
      google_id: buyer.user.sub,
      product_id: id,
      store: 'ayz',
      condition: 'acceptable',
      quantity: 2,
      email: `stale-${id}@example.com`,
      address: '1 Main Street',
      postal_code: '12345',
      city: 'Springfield',
      state_prov: 'IL',
      contact_name: 'Stale Buyer',
      phone: '555-0100',
    },
  });
  expect(bought.status()).toBe(201);

  const titleField = page.getByLabel('title', { exact: true });
  await titleField.fill(`${title} retitled`);
  await page.getByRole('button', { name: 'Save changes' }).click();
  const notice = page.getByRole('alert').filter({ hasText: 'This product changed since you opened it.' });
  await expect(notice).toBeVisible();
  await expect(titleField).toHaveValue(`${title} retitled`);
  await expect(quantity).toHaveValue('5');
  const stored = async () =>
    (await (await request.get(`/api/products/${id}?shop=ayz`)).json()) as ProductDetail & {
      acceptable_condition_available_quantity: number;
    };
  expect(await stored()).toMatchObject({ title, acceptable_condition_available_quantity: 3 });
  await notice.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'admin-stale-edit');
  // Serious findings fail; a moderate heading-order finding in this state is known (closing note of issue 16).
  await expectAccessible(page, 'main', ['light', 'dark'], { failOn: 'serious' });
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 720 });
    await notice.scrollIntoViewIfNeeded();
    await saveScreenshot(page, `admin-stale-edit-${width}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 720 });

  await notice.getByRole('button', { name: 'Reload product' }).click();
  await expect
    .poll(() => dialogs)
    .toContain('Reload the product as it is now? What you typed in this form will be discarded.');
  await expect(titleField).toHaveValue(title);
  await expect(quantity).toHaveValue('3');
  await expect(notice).toHaveCount(0);
  await titleField.fill(`${title} retitled`);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect.poll(() => dialogs).toContain('Product updated');
  expect(await stored()).toMatchObject({
    title: `${title} retitled`,
    acceptable_condition_available_quantity: 3,
  });
});

test('rich-text formatting survives saving and reloading, and shows in the product modal', async ({
  page,
  request,
}) => {
  const dialogs = collectDialogs(page);
  await signedInAdmin(page, request);
  await page.goto('/smartadmin');
  await expect(page.getByRole('heading', { name: 'Smart Shop Admin Panel' })).toBeVisible();
  const idField = page.getByLabel('id', { exact: true });
  await expect(idField).not.toHaveValue('');
  const id = Number(await idField.inputValue());
  const title = `E2E Rich ${Date.now()}`;
  await page.getByLabel('title', { exact: true }).fill(title);
  await page.getByLabel('main category', { exact: true }).fill('Smart Home');
  await page.getByLabel('category', { exact: true }).fill('Smart Plugs');
  await page.getByLabel('price', { exact: true }).fill('12');

  const editor = page.locator('.ProseMirror');
  await editor.click();
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('Bold words');
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.press('Enter');
  await page.getByLabel('Font').selectOption('Georgia');
  await page.getByLabel('Text size').selectOption('24px');
  await page.keyboard.type('Big serif line');
  await expect(editor.locator('strong')).toHaveText('Bold words');
  await page.getByRole('button', { name: 'Add product' }).click();
  await expect.poll(() => dialogs).toContain('Product added successfully');

  const saved = (await (await request.get(`/api/products/${id}?shop=smart`)).json()) as ProductDetail;
  expect(saved.description).toContain('<strong>Bold words</strong>');
  expect(saved.description).toMatch(/<span style="[^"]*font-family:\s*Georgia[^"]*">Big serif line<\/span>/);
  expect(saved.description).toMatch(/font-size:\s*24px/);

  await page.getByRole('tab', { name: 'Edit product' }).click();
  await page.getByLabel('Enter product ID').fill(String(id));
  await page.getByRole('button', { name: 'Load product' }).click();
  await expect(editor.locator('strong')).toHaveText('Bold words');
  await expect(editor.locator('span', { hasText: 'Big serif line' })).toHaveCSS('font-size', '24px');

  await page.goto(`/smartshop?product=${id}`);
  const modal = page.getByRole('dialog', { name: title });
  await expect(modal.locator('strong', { hasText: 'Bold words' })).toBeVisible();
  const styled = modal.locator('span', { hasText: 'Big serif line' });
  await expect(styled).toHaveCSS('font-size', '24px');
  await expect(styled).toHaveCSS('font-family', /Georgia/);
  await saveScreenshot(page, 'admin-rich-text-in-shop');
});
