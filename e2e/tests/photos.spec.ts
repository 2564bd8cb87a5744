import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { newCustomerWithPets, PHONE, shoot } from './customer-kit';
import { addOwnerWithDog, expect, loginAs, loginWith, test, uniqueTag, waitForQuiet } from './fixtures';

/** A camera photo as a phone's file input delivers it: a textured JPEG (not a flat colour), landscape. */
function cameraJpeg(): Promise<Buffer> {
  return sharp({
    create: { width: 1200, height: 900, channels: 3, background: '#9a7b5c', noise: { type: 'gaussian', mean: 128, sigma: 25 } },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
}

const allPets = (page: Page) => page.getByRole('list', { name: 'All Pets' });

test.describe('pet photos (issue 20)', () => {
  test.use({ viewport: PHONE });

  test('staff take a photo on a pet’s page at phone width, and see the thumbnail in Pet Records', async ({ page, request }) => {
    const name = `Photo${uniqueTag()}`;
    await addOwnerWithDog(request, { pet: { name } });
    await loginAs(page, request, 'staff', '/staff/history');
    await waitForQuiet(page);
    await page.getByLabel('Pet name').fill(name);
    const entry = allPets(page).getByRole('button', { name: new RegExp(name) });
    await entry.click();
    await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();

    // No photo yet: the initials, and "Add photo" opens the camera (accept image/*, capture).
    const camera = page.getByLabel(`Add photo of ${name} (camera)`);
    await expect(camera).toHaveAttribute('capture', 'environment');
    await expect(camera).toHaveAttribute('accept', 'image/*');
    await camera.setInputFiles({ name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: await cameraJpeg() });

    await expect(page.getByRole('button', { name: `Change photo of ${name}` })).toBeVisible();
    const photo = page.getByRole('img', { name: `Photo of ${name}` }).first();
    await expect(photo).toBeVisible();
    // The thumbnail in the list row, fetched with the token.
    // (Decorative beside the name: no accessible name of its own, so the row reads as the pet's name.)
    const thumb = allPets(page).locator(`[data-testid="pet-thumb"][data-pet="${name}"]`);
    await expect(thumb).toBeVisible();
    expect(await thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    // Click to enlarge.
    await page.getByRole('button', { name: `Enlarge the photo of ${name}` }).click();
    const dialog = page.getByRole('dialog', { name });
    await expect(dialog.getByRole('img', { name: `Photo of ${name}` })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await waitForQuiet(page);
    await shoot(page, 'pet-records-photo');

    // A text file that calls itself a photo: the server's message.
    await page
      .getByLabel(`Upload a photo of ${name} from files`)
      .setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a photo at all') });
    await expect(page.getByText('The file is not a JPEG, PNG or WebP photo.')).toBeVisible();

    // Remove photo asks first.
    await page.getByRole('button', { name: 'Remove photo' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove photo' }).click();
    await expect(page.getByRole('button', { name: `Add photo of ${name}` })).toBeVisible();
    await expect(allPets(page).locator(`[data-testid="pet-thumb"][data-pet="${name}"]`)).toHaveCount(0);
  });

  test('an owner adds a photo of their pet from the customer area', async ({ page, request }) => {
    const name = `Mithu${uniqueTag()}`;
    const { creds } = await newCustomerWithPets(request, [name]);
    await loginWith(page, request, creds, '/customer/dashboard');
    const card = page.getByTestId('my-pet-card').filter({ hasText: name });
    await expect(card).toBeVisible();
    await card
      .getByLabel(`Add photo of ${name} (camera)`)
      .setInputFiles({ name: 'IMG_0002.jpg', mimeType: 'image/jpeg', buffer: await cameraJpeg() });
    await expect(card.getByRole('button', { name: `Change photo of ${name}` })).toBeVisible();
    await expect(card.locator(`[data-testid="pet-thumb"][data-pet="${name}"]`)).toBeVisible();
    await shoot(page, 'customer-pet-card-photo');
    // The customer's pets page shows it too.
    await page.goto('/customer/viewvisit');
    await expect(page.locator(`[data-testid="pet-thumb"][data-pet="${name}"]`)).toBeVisible();
  });
});
