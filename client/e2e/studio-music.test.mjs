// The studio's music library and the guests' live « nouvelles photos » (issue
// 23's leftovers), in Debian's Chromium against the real binary: the
// photographer signs in, sees a text file named .mp3 refused (its type is
// read from its bytes), adds an MP3 made here (silent MPEG-1 layer III
// frames), chooses it as the gala's music in the gallery's settings, and
// cannot delete it while the gala plays it; a guest of the gala gets the
// track's address in the page's audio element and the file itself. Then,
// with the guest's gallery open, the photographer uploads a photo: the guest
// sees « 1 nouvelle photo » without reloading, and the button loads it.
// The library is checked for horizontal overflow and photographed at 1440
// and 390 px into e2e/output/, the guest's notice at 390 px.
// Run with `make build && cd client && GALLERY_BIN=$PWD/../bin/gallery node --test e2e/studio-music.test.mjs`.
import assert from 'node:assert/strict';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.mjs';
import { GALLERY_BIN, startDemo } from './server.mjs';

const OUTPUT = join(dirname(fileURLToPath(import.meta.url)), 'output');
const WAIT = { timeout: 30_000 };

/** decodeQP undoes quoted-printable (the .eml's text part). */
function decodeQP(s) {
  return s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
}

/** studioCode waits for the first studio sign-in e-mail in the outbox and returns its code. */
async function studioCode(dataDir) {
  const outbox = join(dataDir, 'outbox');
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    for (const name of (await readdir(outbox).catch(() => [])).filter((f) => f.endsWith('.eml')).sort()) {
      const m = /studio\s*:\s*(\d{6})/.exec(decodeQP(await readFile(join(outbox, name), 'utf8')));
      if (m) return m[1];
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no studio code e-mail in ${outbox}`);
}

/** silentMP3 is n MPEG-1 layer III frames at 128 kbit/s, 44.1 kHz: about n × 26 ms of silence. */
function silentMP3(n) {
  const frame = Buffer.alloc(417);
  Buffer.from([0xff, 0xfb, 0x90, 0x00]).copy(frame);
  return Buffer.concat(Array.from({ length: n }, () => frame));
}

test('issue 23: music library, a gallery’s music from it, and guests told of new photos live', { timeout: 900_000 }, async (t) => {
  if (!GALLERY_BIN) {
    t.skip('GALLERY_BIN is not set: build the server (make build) and set GALLERY_BIN to the absolute path of the binary');
    return;
  }
  const demo = await startDemo(t, 'studio-music');
  const { base, dataDir } = demo;
  await mkdir(OUTPUT, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  demo.closeFirst(() => browser.close());
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'fr-FR' })).newPage();
  const guest = await (await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fr-FR' })).newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`studio: ${e.message}`));
  guest.on('pageerror', (e) => errors.push(`guest: ${e.message}`));

  const shoot = async (p, name, widths) => {
    const size = p.viewportSize();
    for (const width of widths) {
      await p.setViewportSize({ width, height: 900 });
      await p.waitForTimeout(150);
      const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${name} at ${width} px is ${overflow} px wider than the screen`);
      const path = join(OUTPUT, `studio-music-${name}-${width}.png`);
      await p.screenshot({ path, fullPage: true });
      t.diagnostic(`screenshot: ${path}`);
    }
    await p.setViewportSize(size);
  };

  // Sign in, straight to the library.
  await page.goto(`${base}/studio/musique`);
  await page.getByRole('heading', { name: 'Connexion au studio' }).waitFor(WAIT);
  await page.getByLabel('Adresse e-mail').fill('studio@example.com');
  await page.getByRole('button', { name: 'Recevoir un code' }).click();
  await page.getByLabel('Code reçu par e-mail').fill(await studioCode(dataDir));
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.getByRole('link', { name: 'Musique' }).click(WAIT);
  await page.getByRole('heading', { name: 'Musique', exact: true }).waitFor(WAIT);

  // A text file named .mp3 is refused, in French.
  await page.getByLabel('Fichier audio').setInputFiles({ name: 'faux.mp3', mimeType: 'audio/mpeg', buffer: Buffer.from('Ceci est un texte, pas une chanson.\n'.repeat(20)) });
  await page.getByRole('button', { name: 'Ajouter le morceau' }).click();
  await page.getByRole('alert').filter({ hasText: 'n’est pas un morceau MP3, AAC ou Ogg' }).or(page.getByRole('alert').filter({ hasText: "n'est pas un morceau MP3, AAC ou Ogg" })).waitFor(WAIT);

  // A real MP3 (3 s of silence) goes in.
  await page.getByLabel('Fichier audio').setInputFiles({ name: 'valse.mp3', mimeType: 'audio/mpeg', buffer: silentMP3(120) });
  await page.getByLabel('Titre').first().fill('Valse des invités');
  await page.getByLabel('Artiste').first().fill('Quatuor e2e');
  await page.getByRole('button', { name: 'Ajouter le morceau' }).click();
  await page.getByText('« Valse des invités » a été ajouté à votre bibliothèque.').waitFor(WAIT);
  const row = page.locator('li[data-track]').filter({ hasText: 'Valse des invités' });
  await row.waitFor(WAIT);
  await row.getByText(/MP3 · 0:03/).waitFor(WAIT);
  const trackId = await row.getAttribute('data-track');
  assert.match(trackId, /^trk/);
  await shoot(page, 'library', [1440, 390]);

  // The gala plays it: chosen in the gallery's settings.
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ query: '{ gallery(url: "gala-2026") { id photos(first: 1) { totalCount } } }' }),
  });
  const gala = (await res.json()).data.gallery;
  await page.goto(`${base}/studio/galeries/${gala.id}`);
  const music = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Musique' }) });
  await music.getByLabel('Morceau').selectOption({ label: 'Valse des invités — Quatuor e2e' }, WAIT);
  await music.getByLabel('Jouer la musique dans la galerie').check();
  await music.getByRole('button', { name: 'Enregistrer la musique' }).click();
  await music.getByRole('status').waitFor(WAIT);

  // In use, it cannot be deleted; the library says which gallery plays it.
  await page.goto(`${base}/studio/musique`);
  await row.getByText('Gala de l').waitFor(WAIT);
  await row.getByRole('button', { name: 'Supprimer' }).click();
  await row.getByRole('button', { name: 'Confirmer la suppression' }).click();
  await row.getByRole('alert').filter({ hasText: 'accompagne encore 1 galerie' }).waitFor(WAIT);

  // The guest's page carries the track, and the file is theirs to play.
  await guest.goto(`${base}/gala-2026`);
  await guest.getByText(`${gala.photos.totalCount} photos`).first().waitFor(WAIT);
  const src = await guest.locator('audio').first().getAttribute('src', WAIT);
  assert.equal(src, `/media/music/${trackId}`);
  const audio = await guest.request.get(`${base}${src}`);
  assert.equal(audio.status(), 200);
  assert.equal(audio.headers()['content-type'], 'audio/mpeg');

  // With the gallery open, the photographer adds a photo: the guest is told live.
  const before = gala.photos.totalCount;
  const uploaded = await page.evaluate(
    async ({ galleryId }) => {
      // A small JPEG drawn here (the studio's uploads take images only).
      const canvas = document.createElement('canvas');
      canvas.width = 320;
      canvas.height = 240;
      const ctx = canvas.getContext('2d');
      ctx.fillStyle = '#5b3a29';
      ctx.fillRect(0, 0, 320, 240);
      ctx.fillStyle = '#e0b84f';
      ctx.fillRect(40, 40, 120, 80);
      const blob = await new Promise((r) => canvas.toBlob(r, 'image/jpeg', 0.9));
      const form = new FormData();
      form.append('operations', JSON.stringify({
        query: 'mutation($input: UploadPhotosInput!) { uploadPhotos(input: $input) { photos { id } userErrors { code } } }',
        variables: { input: { galleryId, files: [null] } },
      }));
      form.append('map', JSON.stringify({ 0: ['variables.input.files.0'] }));
      form.append('0', blob, 'nouvelle-e2e.jpg');
      const xsrf = decodeURIComponent((/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie) ?? [])[1] ?? '');
      const r = await fetch('/graphql', { method: 'POST', body: form, headers: { 'X-XSRF-TOKEN': xsrf } });
      return r.json();
    },
    { galleryId: gala.id },
  );
  assert.equal(uploaded.data?.uploadPhotos.photos.length, 1, JSON.stringify(uploaded));
  const notice = guest.getByRole('button', { name: /1 nouvelle photo/ });
  await notice.waitFor({ timeout: 60_000 });
  await shoot(guest, 'new-photos', [390, 1440]);
  await notice.click();
  await notice.waitFor({ state: 'detached', timeout: 30_000 });
  await guest.getByText(`${before + 1} photos`).first().waitFor(WAIT);

  assert.deepEqual(errors, []);
});
