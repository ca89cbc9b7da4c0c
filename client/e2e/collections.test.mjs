// Issue 20, on a phone (390x844, touch): the gala's collection bar (counts,
// choosing one filters the grid, the address keeps it through a reload and
// back), a grid that keeps the photos' shapes, the photographer's selection
// without a photo alone on a row, and a small gallery made through the API
// (one photo, no video, no pack, nothing on sale) that shows no empty
// section and takes its photo as cover.
// Run with `make build && cd client && GALLERY_BIN=$PWD/../bin/gallery node --test e2e/collections.test.mjs`.
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.mjs';
import { GALLERY_BIN, startDemo } from './server.mjs';

const OUTPUT = join(dirname(fileURLToPath(import.meta.url)), 'output');

/** PHOTOS per demo gallery: the gala's are split in three collections of 10, its last one private. */
const PHOTOS = 30;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3, locale: 'fr-FR' };

test('issue 20: collections, grid shapes and a small gallery on a phone', { timeout: 600_000 }, async (t) => {
  if (!GALLERY_BIN) {
    t.skip('GALLERY_BIN is not set: build the server (make build) and set GALLERY_BIN to the absolute path of the binary');
    return;
  }
  const demo = await startDemo(t, 'collections', ['--photos', String(PHOTOS)]);
  const { base } = demo;
  let browser;
  demo.closeFirst(() => browser?.close());
  const token = await demo.token('e2e collections');
  const photographer = { Authorization: `Bearer ${token}` };

  /** ask sends a GraphQL operation as a guest, or with `headers`. */
  const ask = async (query, variables = {}, headers = {}) => {
    const res = await fetch(`${base}/graphql`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify({ query, variables }) });
    const body = await res.json();
    assert.equal(body.errors, undefined, JSON.stringify(body.errors));
    return body.data;
  };

  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  const pageErrors = [];
  /** phonePage opens a phone tab where the gallery's welcome popup was already seen. */
  const phonePage = async (galleryId) => {
    const context = await browser.newContext(PHONE);
    await context.addInitScript((id) => window.localStorage.setItem(`gallery.welcomeSeen.${id}`, '1'), galleryId);
    const page = await context.newPage();
    page.on('pageerror', (err) => pageErrors.push(err.message));
    return page;
  };
  /** pageWidth is the document's width (it must not exceed the phone's 390 px). */
  const pageWidth = (page) => page.evaluate(() => document.documentElement.scrollWidth);
  const search = (page) => decodeURIComponent(new URL(page.url()).search);
  const grid = (page) => page.locator('#photos ul[data-count]');
  const gridCount = async (page) => Number(await grid(page).getAttribute('data-count'));
  const drawnIds = (page) => page.locator('#photos ul[data-count] > li').evaluateAll((items) => items.map((li) => li.getAttribute('data-photo-id')));

  const gala = await ask(`{ gallery(url: "gala-2026") { id collections { name photoCount } photos(first: 100) { totalCount } } }`);
  const galaId = gala.gallery.id;
  const counts = Object.fromEntries(gala.gallery.collections.map((c) => [c.name, c.photoCount]));
  assert.deepEqual(counts, { Accueil: 10, Spectacle: 10, Soirée: 9 }, 'the API counts each collection (the last photo is private)');
  const idsOf = async (collection) => {
    const d = await ask(`query($c: String!) { gallery(url: "gala-2026") { photos(first: 100, collection: $c) { edges { node { id } } } } }`, { c: collection });
    return new Set(d.gallery.photos.edges.map((e) => e.node.id));
  };

  await t.test('the gala’s collection bar: counts, a choice in the address, reload, back', async (t) => {
    const page = await phonePage(galaId);
    await page.goto(`${base}/gala-2026`);
    const bar = page.getByRole('navigation', { name: 'Collections' });
    await bar.waitFor({ state: 'visible', timeout: 30_000 });
    const names = await bar.getByRole('link').evaluateAll((links) => links.map((a) => a.textContent.replace(/\s+/g, ' ').trim()));
    assert.deepEqual(names, ['Toutes2929 photos', 'Accueil1010 photos', 'Spectacle1010 photos', 'Soirée99 photos']);
    assert.equal(await bar.getByRole('link', { name: /^Toutes/ }).getAttribute('aria-current'), 'page');
    assert.equal(await gridCount(page), 29);
    assert.ok((await pageWidth(page)) <= 390, `the page is ${await pageWidth(page)} px wide with the bar`);
    // The bar stays within the screen: it scrolls sideways itself if need be.
    const box = await bar.boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 390, `the bar lies within the screen (${JSON.stringify(box)})`);

    await bar.getByRole('link', { name: /^Spectacle/ }).tap();
    await page.waitForURL(/collection=Spectacle/);
    await page.locator('#photos ul[data-count="10"]').waitFor({ state: 'attached', timeout: 30_000 });
    assert.equal(search(page), '?collection=Spectacle');
    assert.equal(await bar.getByRole('link', { name: /^Spectacle/ }).getAttribute('aria-current'), 'page');
    await mkdir(OUTPUT, { recursive: true });
    await page.locator('#photos').scrollIntoViewIfNeeded();
    const shot = join(OUTPUT, 'collections-390.png');
    await page.screenshot({ path: shot });
    t.diagnostic(`screenshot: ${shot}`);
    const spectacle = await idsOf('Spectacle');
    const drawn = await drawnIds(page);
    assert.ok(drawn.length > 0 && drawn.every((id) => spectacle.has(id)), `the grid shows Spectacle’s photos only: ${drawn}`);
    assert.match(await page.locator('#photos').innerText(), /10 photos/);

    await page.reload();
    await page.locator('#photos ul[data-count="10"]').waitFor({ state: 'attached', timeout: 30_000 });
    assert.equal(await bar.getByRole('link', { name: /^Spectacle/ }).getAttribute('aria-current'), 'page', 'a reload keeps the collection');
    assert.ok((await drawnIds(page)).every((id) => spectacle.has(id)));

    await bar.getByRole('link', { name: /^Soirée/ }).tap();
    await page.locator('#photos ul[data-count="9"]').waitFor({ state: 'attached', timeout: 30_000 });
    assert.equal(search(page), '?collection=Soirée');
    const soiree = await idsOf('Soirée');
    assert.ok((await drawnIds(page)).every((id) => soiree.has(id)));

    await page.goBack();
    await page.locator('#photos ul[data-count="10"]').waitFor({ state: 'attached', timeout: 30_000 });
    assert.equal(search(page), '?collection=Spectacle', 'back returns to the collection before');
    assert.equal(await bar.getByRole('link', { name: /^Spectacle/ }).getAttribute('aria-current'), 'page');
    await page.goBack();
    await page.locator('#photos ul[data-count="29"]').waitFor({ state: 'attached', timeout: 30_000 });
    assert.equal(search(page), '', 'and back again to all the photos');

    // The bar stays in view (under the header) while the grid scrolls.
    await page.evaluate(() => {
      const grid = document.querySelector('#photos ul[data-count]').getBoundingClientRect();
      window.scrollBy(0, grid.top + grid.height / 2);
    });
    await page.waitForTimeout(300);
    const stuck = await bar.boundingBox();
    const headerBottom = await page.evaluate(() => document.querySelector('header')?.getBoundingClientRect().bottom ?? 0);
    assert.ok(stuck.y >= headerBottom - 1 && stuck.y <= headerBottom + 1, `the bar sticks under the header (${stuck.y}, header to ${headerBottom})`);
    await page.evaluate(() => window.scrollTo(0, 0));

    // Keyboard: the entries are links in the tab order.
    await bar.getByRole('link', { name: /^Accueil/ }).focus();
    await page.keyboard.press('Enter');
    await page.locator('#photos ul[data-count="10"]').waitFor({ state: 'attached', timeout: 30_000 });
    assert.equal(search(page), '?collection=Accueil');
    assert.ok((await pageWidth(page)) <= 390);
    await page.context().close();
  });

  await t.test('the grid keeps each photo’s shape, and the selection leaves no photo alone on a row', async () => {
    const page = await phonePage(galaId);
    await page.goto(`${base}/gala-2026`);
    await grid(page).waitFor({ state: 'attached', timeout: 30_000 });
    assert.equal(await grid(page).getAttribute('data-layout'), 'justified', 'the gala is laid out in justified rows');
    await page.locator('#photos ul[data-count] > li img').first().waitFor({ state: 'attached' });
    const shapes = await page.locator('#photos ul[data-count] > li').evaluateAll((items) =>
      items.map((li) => {
        const img = li.querySelector('img');
        const r = li.getBoundingClientRect();
        return { w: r.width, h: r.height, photo: Number(img.getAttribute('width')) / Number(img.getAttribute('height')) };
      }),
    );
    assert.ok(shapes.length >= 6, `${shapes.length} cards drawn`);
    for (const s of shapes) assert.ok(Math.abs(s.w / s.h - s.photo) < 0.02, `a card of ${s.w}x${s.h} for a photo of ratio ${s.photo}`);
    const portrait = shapes.find((s) => s.photo < 1);
    assert.ok(portrait && portrait.h > portrait.w, 'a portrait card is taller than wide');
    // The images fill their cards without cropping (object-fit over a box of the same ratio).
    await page.evaluate(() => document.getElementById('photographer-selection')?.scrollIntoView());
    const rows = await page.locator('#photographer-selection ul > li').evaluateAll((items) => {
      const byTop = new Map();
      for (const li of items) {
        const top = Math.round(li.getBoundingClientRect().top);
        byTop.set(top, (byTop.get(top) ?? 0) + 1);
      }
      return [...byTop.values()];
    });
    assert.ok(rows.length >= 2, `the selection has rows: ${rows}`);
    assert.ok(rows.every((n) => n >= 2), `no photo alone on a row of the selection: ${rows}`);
    assert.ok((await pageWidth(page)) <= 390);
    // From 320 to 1440 px wide, nothing of the photos (bar, selection, grid) leaves the screen.
    for (const width of [320, 768, 1024, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForFunction((w) => document.querySelector('#photos ul[data-count]')?.getBoundingClientRect().width <= w, width);
      await page.waitForTimeout(200);
      const right = await page.evaluate(() =>
        Math.max(...[...document.querySelectorAll('#photos ul[data-count] > li, #photographer-selection ul[data-count] > li, nav[aria-label="Collections"]')].map((el) => el.getBoundingClientRect().right)),
      );
      assert.ok(right <= width + 0.5, `at ${width} px the photos reach ${right} px`);
    }
    await page.context().close();
  });

  await t.test('a small gallery: one photo, no empty section, its photo as cover', async () => {
    const { createGallery } = await ask(
      'mutation($in: CreateGalleryInput!) { createGallery(input: $in) { gallery { id } userErrors { code field } } }',
      { in: { url: 'petit-concert', eventName: 'Petit concert', settings: { isPublic: true, published: true } } },
      photographer,
    );
    assert.deepEqual(createGallery.userErrors, []);
    const id = createGallery.gallery.id;
    // One portrait photo: the bytes of a gala photo, uploaded as the photographer's client does (multipart).
    const gallery = await ask(`{ gallery(url: "gala-2026") { photos(first: 10) { edges { node { width height urls { viewer } } } } } }`);
    const source = gallery.gallery.photos.edges.map((e) => e.node).find((p) => p.height > p.width);
    const jpeg = await (await fetch(`${base}${source.urls.viewer}`)).arrayBuffer();
    const form = new FormData();
    form.append(
      'operations',
      JSON.stringify({
        query: 'mutation($input: UploadPhotosInput!) { uploadPhotos(input: $input) { photos { id status } userErrors { code } } }',
        variables: { input: { galleryId: id, files: [null] } },
      }),
    );
    form.append('map', JSON.stringify({ 0: ['variables.input.files.0'] }));
    form.append('0', new Blob([jpeg], { type: 'image/jpeg' }), 'CONCERT_01.jpg');
    const up = await (await fetch(`${base}/graphql`, { method: 'POST', headers: photographer, body: form })).json();
    assert.equal(up.errors, undefined, JSON.stringify(up.errors));
    assert.deepEqual(up.data.uploadPhotos.userErrors, []);
    const photoId = up.data.uploadPhotos.photos[0].id;
    // The derivatives are made in the background.
    let photo;
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 300))) {
      const d = await ask(`{ gallery(url: "petit-concert") { coverPhoto { id status urls { viewer } } photos(first: 5) { totalCount } videos(first: 5) { totalCount } availablePacks { id } } }`);
      photo = d.gallery.coverPhoto;
      if (photo?.status === 'ready') {
        assert.equal(d.gallery.photos.totalCount, 1);
        assert.equal(d.gallery.videos.totalCount, 0);
        assert.deepEqual(d.gallery.availablePacks, []);
        break;
      }
    }
    assert.equal(photo?.id, photoId, 'the API’s cover is the one photo, none having been chosen');

    const page = await phonePage(id);
    await page.goto(`${base}/petit-concert`);
    await page.locator('#photos ul[data-count="1"] li img').waitFor({ state: 'attached', timeout: 30_000 });
    const cover = page.getByRole('img', { name: /Petit concert/ });
    await cover.waitFor({ state: 'visible' });
    assert.equal(await cover.getAttribute('src'), photo.urls.viewer, 'the home’s cover is the photo');
    for (const section of ['photographer-selection', 'videos', 'packs', 'prints', 'downloads']) {
      assert.equal(await page.locator(`#${section}`).count(), 0, `no #${section} section`);
    }
    assert.equal(await page.getByRole('navigation', { name: 'Collections' }).count(), 0, 'no collection bar');
    const headings = await page.locator('main h2').allInnerTexts();
    assert.deepEqual(headings, ['Photos'], `only the photos section: ${headings}`);
    // The navigation names no empty section: no shop entry in the bottom bar, no shop anchors in the header.
    const footer = page.locator('nav[aria-label="Navigation principale"]');
    await footer.waitFor({ state: 'visible' });
    assert.deepEqual(await footer.getByRole('link').allInnerTexts(), ['Photos', 'Panier', 'Contact']);
    for (const hash of ['#packs', '#prints', '#downloads']) assert.equal(await page.locator(`header a[href$="${hash}"]`).count(), 0, `no ${hash} entry`);
    assert.ok((await pageWidth(page)) <= 390);
    await page.context().close();
  });

  assert.deepEqual(pageErrors, [], 'no page error');
});
