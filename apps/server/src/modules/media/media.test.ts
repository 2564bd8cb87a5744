import { cpus, loadavg } from 'node:os';
import { MEDIA_MAX_BYTES, MEDIA_MESSAGES } from '@pawdesk/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { media, pets } from '../../db/schema/index.ts';
import { makeOwner, makePet } from '../../../test/factories.ts';
import { useTestApp, useTestUser } from '../../../test/harness.ts';
import { GPS_IFD_TAG, jpeg, phoneJpeg, png, webp } from '../../../test/images.ts';
import { DISPLAY_PX, processImage, THUMB_PX } from './image.ts';
import { signedMediaPath } from './media.service.ts';

const t = useTestApp();
const staff = useTestUser(t, 'staff');

/** A 12-megapixel photo with texture (Gaussian noise): a flat colour would decode and encode unrealistically fast. */
function twelveMegapixels(): Promise<Buffer> {
  return sharp({
    create: { width: 4000, height: 3000, channels: 3, background: '#8a6f55', noise: { type: 'gaussian', mean: 120, sigma: 20 } },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
}

let big: Buffer;
beforeAll(async () => {
  big = await twelveMegapixels();
}, 180_000);

/** A customer account with its own owner record and a pet. */
async function customerWithPet() {
  const user = await t.user('customer');
  const owner = await makeOwner(t.database.db, { userId: user.id });
  const pet = await makePet(t.database.db, { ownerId: owner.id });
  return { user, owner, pet };
}

const upload = (petId: string, bytes: Buffer | string, token: string | undefined, type = 'image/jpeg') =>
  t.call({ method: 'POST', url: `/api/v1/pets/${petId}/photo`, token, payload: bytes, headers: { 'content-type': type } });

const fetchPhoto = (path: string, token?: string) => t.call({ method: 'GET', url: `/api/v1${path}`, token });

describe('processing a photo', () => {
  it('strips a phone photo of its EXIF (GPS included) and turns it upright by its orientation', async () => {
    const phone = await phoneJpeg(400, 300, 6);
    const before = await sharp(phone).metadata();
    // The fixture really is a phone photo: a location and a sideways orientation.
    expect(before.exif?.includes(GPS_IFD_TAG)).toBe(true);
    expect(before.orientation).toBe(6);
    const { pet } = await customerWithPet();
    const res = await upload(pet.id, phone, staff.token);
    expect(res.statusCode).toBe(200);
    const { photo } = res.json();
    for (const path of [photo.url, photo.thumbUrl]) {
      const got = await fetchPhoto(path, staff.token);
      expect(got.statusCode).toBe(200);
      const meta = await sharp(got.rawPayload).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      // 400×300 with orientation 6 (turn 90°) is a portrait picture.
      expect(meta.height).toBeGreaterThan(meta.width!);
    }
    const bytes = (await fetchPhoto(photo.url, staff.token)).rawPayload;
    const display = await sharp(bytes).metadata();
    expect([display.width, display.height]).toEqual([300, 400]);
    // Not a trace of the camera's tags in the bytes either.
    expect(bytes.includes('PawPhone')).toBe(false);
    expect(bytes.includes('Exif')).toBe(false);
  });

  it('accepts PNG (transparency on white) and WebP, and stores them as JPEG', async () => {
    for (const bytes of [await png(), await webp()]) {
      const img = await processImage(bytes);
      expect((await sharp(img.display.bytes).metadata()).format).toBe('jpeg');
      expect((await sharp(img.thumb.bytes).metadata()).format).toBe('jpeg');
      expect(img.display).toMatchObject({ width: 64, height: 48 });
    }
    const { pet } = await customerWithPet();
    expect((await upload(pet.id, await png(), staff.token, 'image/png')).statusCode).toBe(200);
    expect((await upload(pet.id, await webp(), staff.token, 'application/octet-stream')).statusCode).toBe(200);
  });

  it('refuses a text file sent as image/jpeg, a truncated JPEG, an empty body, JSON, and more than 10 MB', async () => {
    const { pet } = await customerWithPet();
    const expectRefused = async (res: Awaited<ReturnType<typeof upload>>, message: string) => {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message });
    };
    await expectRefused(await upload(pet.id, Buffer.from('hello, not a photo\n'), staff.token), MEDIA_MESSAGES.notImage);
    // A real photo cut in half, as an upload that broke off.
    const half = big.subarray(0, Math.floor(big.length / 2));
    await expectRefused(await upload(pet.id, Buffer.from(half), staff.token), MEDIA_MESSAGES.unreadable);
    await expectRefused(await upload(pet.id, Buffer.alloc(0), staff.token), MEDIA_MESSAGES.empty);
    await expectRefused(
      await t.call({ method: 'POST', url: `/api/v1/pets/${pet.id}/photo`, token: staff.token, payload: { photo: 'x' } }),
      MEDIA_MESSAGES.notImage,
    );
    await expectRefused(
      await t.call({ method: 'POST', url: `/api/v1/pets/${pet.id}/photo`, token: staff.token }),
      MEDIA_MESSAGES.empty,
    );
    const tooBig = Buffer.concat([big, Buffer.alloc(MEDIA_MAX_BYTES + 1 - big.length)]);
    await expectRefused(await upload(pet.id, tooBig, staff.token), MEDIA_MESSAGES.tooLarge);
    // Nothing was written by any refusal.
    expect((await t.database.db.select().from(pets).where(eq(pets.id, pet.id)))[0]!.photoHash).toBeNull();
  }, 120_000);

  it('resizes a 12-megapixel photo in under 300 ms on idle cores (its fastest run), to at most 1600 px and a 256 px thumbnail', {
    retry: 2,
    timeout: 120_000,
  }, async () => {
    expect((await sharp(big).metadata()).width).toBe(4000);
    await processImage(big); // warm-up: the first call loads libvips' JPEG codecs
    let last: Awaited<ReturnType<typeof processImage>> | undefined;
    // The machine is shared (other test runs): a batch of 5 is measured again, up to 3 times, when its median is
    // over budget because the cores were busy; every batch is printed with the load average. The budget is held by the
    // fastest run, the cost of the work itself when no other process takes the cores (a busy CI machine's median is
    // noise; a slower pipeline, such as mozjpeg's ~700 ms, fails every run). On cores busier than one runnable process
    // each (CI runs three suites at once on two cores: load average 6–13) even the fastest run waits for a core: the
    // budget grows with the load, to twice at most, which a pipeline as slow as mozjpeg's still exceeds.
    const budget = () => 300 * Math.min(2, Math.max(1, loadavg()[0]! / cpus().length));
    const all: number[] = [];
    for (let batch = 0; batch < 3; batch++) {
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const start = performance.now();
        last = await processImage(big);
        times.push(performance.now() - start);
      }
      all.push(...times);
      times.sort((a, b) => a - b);
      console.log(
        `[media] 12 MP JPEG (${(big.length / 1e6).toFixed(1)} MB) processed in ${times[2]!.toFixed(0)} ms (median of 5;` +
          ` runs ${times.map((x) => x.toFixed(0)).join(', ')} ms; load average ${loadavg()[0]!.toFixed(1)} on` +
          ` ${cpus().length} cores: budget ${budget().toFixed(0)} ms); display ${last!.display.bytes.length} B,` +
          ` thumb ${last!.thumb.bytes.length} B`,
      );
      if (times[2]! < 300) break;
    }
    expect(Math.min(...all)).toBeLessThan(budget());
    expect(last!.display).toMatchObject({ width: DISPLAY_PX, height: 1200 });
    expect(Math.max(last!.thumb.width, last!.thumb.height)).toBe(THUMB_PX);
    expect((await sharp(last!.display.bytes).metadata()).width).toBe(DISPLAY_PX);
  });
});

describe('GET /media/{hash}', () => {
  let owner: Awaited<ReturnType<typeof customerWithPet>>;
  let other: Awaited<ReturnType<typeof customerWithPet>>;
  let photo: { hash: string; url: string; thumbUrl: string };

  beforeAll(async () => {
    owner = await customerWithPet();
    other = await customerWithPet();
    const res = await upload(owner.pet.id, await jpeg(640, 480), owner.user.token);
    expect(res.statusCode).toBe(200);
    photo = res.json().photo;
  });

  afterEach(() => t.clock.set(null));

  it('answers a JPEG cached private and immutable, with nosniff', async () => {
    const res = await fetchPhoto(photo.url, staff.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const thumb = await fetchPhoto(photo.thumbUrl, staff.token);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.rawPayload.length).toBeLessThan(res.rawPayload.length);
  });

  it('answers staff and the owner; refuses another customer (403) and anyone signed out (401); unknown 404', async () => {
    expect((await fetchPhoto(photo.url, staff.token)).statusCode).toBe(200);
    expect((await fetchPhoto(photo.thumbUrl, owner.user.token)).statusCode).toBe(200);
    expect((await fetchPhoto(photo.url, other.user.token)).statusCode).toBe(403);
    expect((await fetchPhoto(photo.thumbUrl, other.user.token)).statusCode).toBe(403);
    expect((await fetchPhoto(photo.url)).statusCode).toBe(401);
    expect((await fetchPhoto(`/media/${'0'.repeat(64)}`, staff.token)).statusCode).toBe(404);
    expect((await fetchPhoto('/media/not-a-hash', staff.token)).statusCode).toBe(400);
  });

  it('opens a signed link without a token until it expires (test clock); an altered one is refused', async () => {
    const expires = new Date(t.clock.now().getTime() + 7 * 86_400_000);
    const path = signedMediaPath(t.config.jwtSecret, photo.hash, 'thumb', expires);
    const ok = await fetchPhoto(path);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    // Another size, another hash, or another expiry under the same signature: refused.
    expect((await fetchPhoto(path.replace('size=thumb', 'size=display'))).statusCode).toBe(403);
    const sig = path.slice(path.indexOf('sig=') + 4);
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    expect((await fetchPhoto(path.replace(sig, flipped))).statusCode).toBe(403);
    const exp = Number(/exp=(\d+)/.exec(path)![1]);
    expect((await fetchPhoto(path.replace(`exp=${exp}`, `exp=${exp + 86_400}`))).statusCode).toBe(403);
    t.clock.advanceDays(8);
    const late = await fetchPhoto(path);
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toBe(MEDIA_MESSAGES.linkExpired);
  });
});

describe('POST and DELETE /pets/{id}/photo', () => {
  it("sets the pet's photo; the pet's reads answer it; replacing it makes the old URL 404", async () => {
    const { pet, user } = await customerWithPet();
    const first = (await upload(pet.id, await jpeg(300, 200, '#aa3355'), staff.token)).json().photo;
    expect(first.url).toBe(`/media/${first.hash}`);
    const details = (await t.call({ method: 'GET', url: `/api/v1/pet/getpetdetails/${pet.id}`, token: staff.token })).json();
    expect(details.pet.photo).toEqual(first);
    const mine = (await t.call({ method: 'POST', url: '/api/v1/customer/pet/getallpets', token: user.token })).json();
    expect(mine.pets.find((p: { _id: string }) => p._id === pet.id).photo).toEqual(first);
    const list = (await t.call({ method: 'GET', url: '/api/v1/pet/getallpets?limit=100', token: staff.token })).json();
    expect(list.list.find((p: { _id: string }) => p._id === pet.id).photo).toEqual(first);

    const second = (await upload(pet.id, await jpeg(300, 200, '#3355aa'), staff.token)).json().photo;
    expect(second.hash).not.toBe(first.hash);
    expect((await fetchPhoto(first.url, staff.token)).statusCode).toBe(404);
    expect((await fetchPhoto(first.thumbUrl, staff.token)).statusCode).toBe(404);
    expect((await fetchPhoto(second.url, user.token)).statusCode).toBe(200);
    expect(await t.database.db.select({ hash: media.hash }).from(media).where(eq(media.hash, first.hash))).toEqual([]);
  });

  it('keeps the photo when the same picture is uploaded again (same hash: not deleted as the old one)', async () => {
    const { pet } = await customerWithPet();
    const bytes = await jpeg(120, 90, '#224466');
    const a = (await upload(pet.id, bytes, staff.token)).json().photo;
    const b = (await upload(pet.id, bytes, staff.token)).json().photo;
    expect(b.hash).toBe(a.hash);
    expect((await fetchPhoto(b.url, staff.token)).statusCode).toBe(200);
  });

  it('lets the owner set and remove their own pet’s photo, and refuses another customer either (403)', async () => {
    const a = await customerWithPet();
    const b = await customerWithPet();
    const bytes = await jpeg();
    const refused = await upload(a.pet.id, bytes, b.user.token);
    expect(refused.statusCode).toBe(403);
    expect((await t.database.db.select().from(pets).where(eq(pets.id, a.pet.id)))[0]!.photoHash).toBeNull();

    const mine = await upload(a.pet.id, bytes, a.user.token);
    expect(mine.statusCode).toBe(200);
    const { photo } = mine.json();
    const del = (token: string) => t.call({ method: 'DELETE', url: `/api/v1/pets/${a.pet.id}/photo`, token });
    expect((await del(b.user.token)).statusCode).toBe(403);
    expect((await fetchPhoto(photo.url, a.user.token)).statusCode).toBe(200);
    // The row records the pet's owner, whoever uploaded.
    const [row] = await t.database.db.select().from(media).where(eq(media.hash, photo.hash)).limit(1);
    expect(row!.ownerId).toBe(a.owner.id);

    expect((await del(a.user.token)).statusCode).toBe(200);
    expect((await fetchPhoto(photo.url, a.user.token)).statusCode).toBe(404);
    const details = (await t.call({ method: 'GET', url: `/api/v1/pet/getpetdetails/${a.pet.id}`, token: staff.token })).json();
    expect(details.pet.photo).toBeNull();
    // Removing a photo that is not there changes nothing and is not an error.
    expect((await del(staff.token)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown pet, 401 signed out', async () => {
    const bytes = await jpeg();
    expect((await upload('f'.repeat(24), bytes, staff.token)).statusCode).toBe(404);
    const { pet } = await customerWithPet();
    expect((await upload(pet.id, bytes, undefined)).statusCode).toBe(401);
  });
});
