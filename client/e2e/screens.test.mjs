// The guard for every screen (issue 20): every route of the client's route
// table (src/lib/route-table.ts), the landing page and the unknown-gallery
// page, at 320, 390 and 768 px wide (phone and tablet emulation, touch) and
// 1024 and 1440 px wide, signed out, as a visitor, as a client and as the
// photographer in the studio (/studio, issue 23), with the
// demo's gallery name made as long as a real one gets. A screen fails when
// the page is wider than the width set for the test, when something covers a
// visible button (a fixed bar over it: elementFromPoint at its centre, once
// scrolled into view, is not the button), or when a heading (or the header's
// gallery name) is cut to an ellipsis, or the header's name is shrunk,
// squeezed or clipped (3b). All failures of a run are reported
// together. It also writes screenshots of the home, the photo viewer, the
// cart and the order review at 390 and 1440 px to e2e/output/ (their paths
// are printed as diagnostics).
// Run with `GALLERY_BIN=/abs/path/to/gallery node --test e2e/screens.test.mjs`.
import assert from 'node:assert/strict';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium, request } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.mjs';
import { GALLERY_BIN, startDemo } from './server.mjs';

const OUTPUT = join(dirname(fileURLToPath(import.meta.url)), 'output');
const PHONE_WIDTHS = [320, 390, 768];
const DESKTOP_WIDTHS = [1024, 1440];
const HEIGHT = { 320: 640, 390: 844, 768: 1024, 1024: 768, 1440: 900 };
// A long name, with long words, as weddings and school galas get.
const LONG_NAME = 'Mariage de Marie-Charlotte de Montmorency-Laval & Thomas-Alexandre Vandenberghe au Château de Chantilly';
const VISITOR_CODE = 'INVITE-3M8P';
const CLIENT_CODE = 'CLIENT-7K4Q';

/** oneTimeCode polls the outbox for the six-digit code last sent to `to` (subject « Votre code de confirmation : 123456 »). */
async function oneTimeCode(outbox, to, skip) {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const names = (await readdir(outbox).catch(() => [])).filter((n) => n.endsWith('.eml') && !skip.has(n)).sort();
    for (const name of names) {
      const text = await readFile(join(outbox, name), 'utf8');
      if (!text.includes(to)) continue;
      const code = /Votre code de (?:confirmation|connexion au studio)\s*:\s*(\d{6})/.exec(text) ?? /\b(\d{6})\b/.exec(text.split(/\r?\n\r?\n/).slice(1).join('\n'));
      if (code) return code[1];
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no confirmation code for ${to} in ${outbox}`);
}

/**
 * checkScreen runs in the page: the three rules of the guard, for the width
 * set by the test. It answers a list of problems (strings).
 */
function checkScreen(width) {
  const problems = [];
  const describe = (el) => {
    const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
    const name = (el.getAttribute('aria-label') || el.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `${el.tagName.toLowerCase()}${cls}${name ? ` « ${name} »` : ''}`;
  };
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) return false;
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && style.opacity !== '0' && !el.closest('[inert], [aria-hidden="true"]');
  };

  // 1. Nothing wider than the screen.
  const scrollWidth = document.documentElement.scrollWidth;
  if (scrollWidth > width) {
    const wide = [...document.body.querySelectorAll('*')].filter((el) => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.right <= width + 0.5) return false;
      const parent = el.parentElement?.getBoundingClientRect();
      return !parent || parent.right <= width + 0.5;
    });
    problems.push(`page is ${scrollWidth}px wide (screen ${width}px): ${wide.slice(0, 3).map(describe).join(', ') || 'no single culprit'}`);
  }

  // 2. Every visible button reachable: nothing fixed or sticky over its centre.
  // While a dialog or a menu is open, its own buttons are the ones to reach
  // (the page's under a menu's panel come back when it closes).
  const modal = [...document.querySelectorAll('[aria-modal="true"]')].pop();
  const openMenu = document.getElementById(document.querySelector('[aria-controls][aria-expanded="true"]')?.getAttribute('aria-controls') ?? '');
  const scope = modal ?? openMenu;
  const buttons = [...document.querySelectorAll('button, a.button, a.icon-button, [role="button"], input[type="submit"]')].filter(
    (el) => visible(el) && (!scope || scope.contains(el)),
  );
  const scroller = document.scrollingElement;
  const top = scroller.scrollTop;
  const covered = new Set();
  const hitTest = (el, where) => {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) return false;
    const hit = document.elementFromPoint(x, y);
    if (hit && hit !== el && !el.contains(hit) && !covered.has(el)) {
      covered.add(el);
      problems.push(`${describe(el)} is covered by ${describe(hit)} (${where})`);
    }
    return true;
  };
  // Bars that stick or are fixed are where they cover or get covered: every
  // button on screen is tried at the top, the middle and the end of the page…
  const inBar = (el) => {
    for (let n = el; n && n !== document.body; n = n.parentElement) {
      const position = getComputedStyle(n).position;
      if (position === 'fixed' || position === 'sticky') return true;
    }
    return false;
  };
  const barButtons = buttons.filter(inBar);
  for (const at of [0, 0.5, 1]) {
    scroller.scrollTop = at * (scroller.scrollHeight - window.innerHeight);
    for (const el of barButtons) hitTest(el, at === 0 ? 'page top' : at === 1 ? 'page end' : 'mid-page');
  }
  // …then each button brought to the middle of the screen.
  for (const el of buttons) {
    el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
    if (!hitTest(el, 'scrolled to it')) {
      const r = el.getBoundingClientRect();
      problems.push(`${describe(el)} cannot be brought on screen (centre at ${Math.round(r.left + r.width / 2)},${Math.round(r.top + r.height / 2)})`);
    }
  }
  scroller.scrollTop = top;

  // 2b. Dialogs (the welcome popup, the viewer) within the screen's width.
  for (const el of document.querySelectorAll('[role="dialog"], [role="alertdialog"], dialog[open]')) {
    if (!visible(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.left < -0.5 || r.right > width + 0.5) problems.push(`dialog ${describe(el)} goes past the screen (${Math.round(r.left)}–${Math.round(r.right)}px)`);
  }

  // 3. No heading (nor the header's name) cut to an ellipsis.
  for (const el of document.querySelectorAll('h1, h2, h3, h4, h5, h6, [role="heading"], h1 *, h2 *, h3 *, header a, header a *')) {
    if (!visible(el)) continue;
    const style = getComputedStyle(el);
    const clamped = style.webkitLineClamp && style.webkitLineClamp !== 'none' && el.scrollHeight > el.clientHeight + 1;
    if ((style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1) || clamped) problems.push(`${describe(el)} is cut to an ellipsis`);
  }

  // 3b. The header's gallery name readable: a name-long link of the header
  // (the demo's names are long) keeps a readable size and width (not
  // shrunk to nothing, nor squeezed to a column of letters) and is not
  // clipped by a box around it.
  for (const el of document.querySelectorAll('header a')) {
    const text = (el.textContent ?? '').trim();
    if (text.length < 20 || !visible(el) || el.querySelector('svg, img')) continue;
    const r = el.getBoundingClientRect();
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < 13) problems.push(`${describe(el)} is shrunk to ${size}px`);
    if (r.width < Math.min(120, width / 3)) problems.push(`${describe(el)} is squeezed to ${Math.round(r.width)}px wide`);
    for (let n = el.parentElement; n && n !== document.body; n = n.parentElement) {
      const st = getComputedStyle(n);
      if (st.overflowX === 'visible' && st.overflowY === 'visible') continue;
      const box = n.getBoundingClientRect();
      if (r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5 || r.left < box.left - 0.5 || r.right > box.right + 0.5) {
        problems.push(`${describe(el)} is clipped by ${describe(n)}`);
        break;
      }
    }
  }
  return problems;
}

test('issue 20: every screen at 320, 390, 768, 1024 and 1440 px, signed out, as a visitor, as a client and in the studio', { timeout: 900_000 }, async (t) => {
  if (!GALLERY_BIN) {
    t.skip('GALLERY_BIN is not set: build the server (make build-go) and set GALLERY_BIN to the absolute path of the binary');
    return;
  }
  const started = Date.now();
  const demo = await startDemo(t, 'screens');
  const { base, dataDir } = demo;
  let browser;
  demo.closeFirst(() => browser?.close());
  const outbox = join(dataDir, 'outbox');

  // The photographer's token, to make the protected gallery's name long.
  const token = await demo.token('e2e screens');

  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  const pageErrors = [];

  /** gql posts a GraphQL document through a request context (whose cookies are the browser context's). */
  const gql = async (request, query, variables = {}, headers = {}, userErrorsAllowed = false) => {
    // Mutations carry the XSRF-TOKEN cookie's value back, as the client does (docs/api.md).
    const xsrf = async () => (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
    if (query.startsWith('mutation') && !headers.Authorization && !(await xsrf())) await request.get(`${base}/version`);
    const token = query.startsWith('mutation') ? await xsrf() : undefined;
    if (token) headers = { ...headers, 'X-XSRF-TOKEN': token };
    const res = await request.post(`${base}/graphql`, { data: { query, variables }, headers: { 'Content-Type': 'application/json', ...headers } });
    const body = await res.json();
    assert.equal(body.errors, undefined, `${query.slice(0, 80)}: ${JSON.stringify(body.errors)}`);
    const payload = Object.values(body.data)[0];
    if (!userErrorsAllowed && payload && Array.isArray(payload.userErrors)) assert.deepEqual(payload.userErrors, [], `${query.slice(0, 80)}: user errors`);
    return body.data;
  };

  // A plain request context for what needs no visitor cookie.
  const api = await request.newContext();
  t.after(() => api.dispose());
  const galleryIds = {};
  for (const url of ['julie-et-thomas', 'gala-2026']) galleryIds[url] = (await gql(api, `query { gallery(url: "${url}") { id } }`)).gallery.id;
  await gql(
    api,
    'mutation Name($input: UpdateGalleryInput!) { updateGallery(input: $input) { userErrors { code message } } }',
    { input: { galleryId: galleryIds['julie-et-thomas'], settings: { eventName: LONG_NAME } } },
    { Authorization: `Bearer ${token}` },
  );

  /**
   * prepare fills a state's cart through the API (a print, a pack being
   * configured with one photo chosen, the address when the e-mail is
   * confirmed) and answers the addresses of every route of the table for
   * the gallery `g`.
   */
  const prepare = async (request, g, withAddress) => {
    const galleryId = galleryIds[g];
    const { gallery } = await gql(
      request,
      `query { gallery(url: "${g}") { prices { categories { id section } formats { id name kind } families { id category { section } } }
        availablePacks { id formats { format { id } } }
        photos(first: 6) { edges { node { id width height } } } } }`,
    );
    const photos = gallery.photos.edges.map((e) => e.node);
    const printFormat = gallery.prices.formats.find((f) => f.kind === 'print');
    const printsCategory = gallery.prices.categories.find((c) => c.section === 'prints');
    const family = gallery.prices.families.find((f) => f.category.section === 'prints') ?? gallery.prices.families[0];
    assert.ok(photos.length && printFormat && printsCategory && family, `${g} has photos and prints for sale`);
    // The first print format sold on its own (some are only in packs).
    let printed;
    for (const format of gallery.prices.formats.filter((f) => f.kind === 'print')) {
      printed = await gql(
        request,
        'mutation P($input: PrintInput!) { setPrint(input: $input) { cart { photos { id photoId } } userErrors { code message } } }',
        { input: { galleryId, photoId: photos[0].id, formatId: format.id, quantity: 1 } },
        {},
        true,
      );
      if (printed.setPrint.userErrors.length === 0) break;
    }
    assert.deepEqual(printed.setPrint.userErrors, [], `${g} sells a print on its own`);
    const cartItem = printed.setPrint.cart.photos[0];
    const pack = gallery.availablePacks.find((p) => p.formats.length > 0);
    assert.ok(pack, `${g} sells a pack of prints`);
    const ongoing = await gql(
      request,
      'mutation O($input: CreateOngoingPackInput!) { createOngoingPack(input: $input) { cart { ongoingPacks { packInstanceId } } userErrors { code message } } }',
      { input: { galleryId, packId: pack.id } },
    );
    const packInstanceId = ongoing.createOngoingPack.cart.ongoingPacks.at(-1).packInstanceId;
    const formatId = pack.formats[0].format.id;
    if (withAddress) {
      await gql(
        request,
        'mutation C($input: ClientDataInput!) { setClientData(input: $input) { cart { id } userErrors { field code message } } }',
        {
          input: {
            galleryId,
            billing: {
              title: 'Madame',
              firstname: 'Marie-Charlotte',
              lastname: 'de Montmorency-Laval Vandenberghe',
              address: 'Avenue du Maréchal-de-Lattre-de-Tassigny 128, bâtiment B',
              postalCode: '1000',
              city: 'Bruxelles',
              country: 'BE',
              phoneNumber: '0470 12 34 56',
            },
            sameAsBilling: true,
            deliveryOption: 'shipping',
          },
        },
      );
    }
    const at = (rest) => `/${g}${rest}`;
    const packPath = `/packs/${pack.id}/configuration/${packInstanceId}/${formatId}`;
    return [
      ['galleryHome', at('')],
      ['photo', at(`/photos/${photos[1].id}`)],
      ['photoCustomization', at(`/photos/${photos[1].id}/${printsCategory.id}`)],
      ['photoEditCustomization', at(`/photos/${cartItem.photoId}/edit/${cartItem.id}`)],
      ['galleryPacks', at('/packs')],
      ['packDetail', at(`/packs/${pack.id}`)],
      ['packConfiguration', at(`/packs/${pack.id}/configuration/${packInstanceId}`)],
      ['packFormatPhotosSelection', at(packPath)],
      ['packFormatPhotosCustomization', at(`${packPath}/customization`)],
      ['galleryProducts', at('/products')],
      ['galleryDownloads', at('/products/downloads')],
      ['galleryProductDetail', at(`/products/${family.id}`)],
      ['selection', at('/selections/favorites')],
      ['galleryAccess', at('/authentication/accessCode')],
      ['cartContent', at('/cart')],
      ['cartAddress', at('/cart/address')],
      ['cartValidation', at('/cart/validation')],
      ['contactPhotographer', at('/contact')],
      ['preview', at('/preview')],
      ['paymentReturn', at('/paymentReturn')],
    ];
  };

  /** signIn opens julie-et-thomas for a context: the code, then a confirmed e-mail. */
  const signIn = async (context, code, email) => {
    const galleryId = galleryIds['julie-et-thomas'];
    await gql(context.request, 'mutation A($input: EnterAccessCodeInput!) { enterAccessCode(input: $input) { userErrors { code message } } }', { input: { galleryId, code } });
    const before = new Set(await readdir(outbox).catch(() => []));
    await gql(context.request, 'mutation R($input: RequestEmailCodeInput!) { requestEmailCode(input: $input) { userErrors { code message } } }', { input: { galleryId, email } });
    const otp = await oneTimeCode(outbox, email, before);
    await gql(context.request, 'mutation E($input: ConfirmEmailInput!) { confirmEmail(input: $input) { userErrors { code message } } }', { input: { galleryId, email, code: otp } });
  };

  const newContext = async (mobile, storageState, welcome = false) => {
    const context = await browser.newContext({
      viewport: { width: mobile ? 390 : 1440, height: mobile ? 844 : 900 },
      isMobile: mobile,
      hasTouch: mobile,
      deviceScaleFactor: 1,
      locale: 'fr-FR',
      reducedMotion: 'reduce',
      storageState,
    });
    // The welcome popup once seen, but where `welcome` asks for it on the
    // protected gallery's first screen (the home: then only the popup is checked there).
    const seen = Object.entries(galleryIds)
      .filter(([url]) => !(welcome && url === 'julie-et-thomas'))
      .map(([, id]) => id);
    await context.addInitScript((ids) => {
      for (const id of ids) window.localStorage.setItem(`gallery.welcomeSeen.${id}`, '1');
    }, seen);
    return context;
  };

  // The three states: one signed-in cookie jar each, shared by a phone and a desktop context.
  const states = [];
  {
    const holder = await newContext(false);
    const routes = await prepare(holder.request, 'gala-2026', false);
    routes.push(['landing', '/'], ['unknownGallery', '/galerie-qui-n-existe-pas'], ['julieAccess', '/julie-et-thomas/authentication/accessCode'], ['julieContact', '/julie-et-thomas/contact']);
    states.push({ name: 'signed out', storage: await holder.storageState(), routes });
    await holder.close();
  }
  for (const [name, code, email] of [
    ['visitor', VISITOR_CODE, 'invite.ecrans@example.com'],
    ['client', CLIENT_CODE, 'client.ecrans@example.com'],
  ]) {
    const holder = await newContext(false);
    await signIn(holder, code, email);
    const routes = await prepare(holder.request, 'julie-et-thomas', true);
    states.push({ name, storage: await holder.storageState(), routes });
    await holder.close();
  }

  // The photographer in the studio (issue 23), signed in with the code e-mailed to the outbox.
  {
    const holder = await newContext(false);
    const before = new Set(await readdir(outbox).catch(() => []));
    await gql(holder.request, 'mutation R($input: RequestStudioCodeInput!) { requestStudioCode(input: $input) { userErrors { code message } } }', {
      input: { email: 'studio@example.com' },
    });
    const otp = await oneTimeCode(outbox, 'studio@example.com', before);
    await gql(holder.request, 'mutation S($input: SignInWithCodeInput!) { signInWithCode(input: $input) { userErrors { code message } } }', {
      input: { email: 'studio@example.com', code: otp },
    });
    const routes = [
      ['studioGalleries', '/studio/galeries'],
      ['studioNewGallery', '/studio/galeries/nouvelle'],
      ['studioGallery', `/studio/galeries/${galleryIds['julie-et-thomas']}`],
      ['studioAccount', '/studio/compte'],
      ['studioDashboard', '/studio/tableau-de-bord'],
      ['studioLegal', '/studio/coordonnees-legales'],
      ['studioPhotos', `/studio/galeries/${galleryIds['gala-2026']}/photos`],
      ['studioPicks', `/studio/galeries/${galleryIds['julie-et-thomas']}/selections`],
    ];
    states.push({ name: 'photographer', storage: await holder.storageState(), routes });
    await holder.close();
  }
  states[0].routes.push(['studioSignIn', '/studio/connexion']);

  await mkdir(OUTPUT, { recursive: true });
  const screenshots = new Set(['galleryHome', 'photo', 'cartContent', 'cartValidation']);
  const failures = [];
  let screensChecked = 0;
  for (const state of states) {
    for (const mobile of [true, false]) {
      const context = await newContext(mobile, state.storage, mobile && state.name === 'visitor');
      const page = await context.newPage();
      page.on('pageerror', (err) => pageErrors.push(`${state.name} ${page.url()}: ${err.message}`));
      for (const [route, address] of state.routes) {
        await page.goto(`${base}${address}`);
        // Settled: the screen's code and data loaded (no spinner left), fonts and a frame drawn.
        await page
          .waitForFunction(() => document.querySelector('main') && !document.querySelector('[role="status"][aria-live="polite"] > span[aria-hidden="true"]:first-child + span'), null, {
            timeout: 15_000,
          })
          .catch(() => failures.push(`${route} (${address}), ${state.name}: still loading after 15 s`));
        if (route === 'galleryHome' && mobile && state.name === 'visitor') {
          // The welcome popup of a first visit: on a phone it fits the screen (checked below with the rest).
          await page
            .getByRole('dialog', { name: 'Bienvenue' })
            .waitFor({ state: 'visible', timeout: 15_000 })
            .catch(() => failures.push(`${route} (${address}), ${state.name}: the welcome popup of a first visit did not show`));
        }
        await page.evaluate(() => document.fonts.ready);
        for (const width of mobile ? PHONE_WIDTHS : DESKTOP_WIDTHS) {
          await page.setViewportSize({ width, height: HEIGHT[width] });
          await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
          if (route === 'packFormatPhotosSelection' && !(await page.getByRole('button', { name: /^Enregistrer( et personnaliser)?$/ }).isVisible())) {
            // The picker's bar is what this screen is checked for (issue 20): it must be there.
            failures.push(`${route} at ${width}px, ${state.name}: no « Enregistrer et personnaliser » bar to check`);
          }
          const problems = await page.evaluate(checkScreen, width);
          screensChecked++;
          for (const p of problems) failures.push(`${route} (${new URL(page.url()).pathname}) at ${width}px, ${state.name}: ${p}`);
          // The header's menu, open: its panel on the screen, its actions reachable.
          const menu = page.getByRole('button', { name: 'Menu', exact: true });
          if (route === 'galleryHome' && (await menu.isVisible()) && (await page.locator('[aria-modal="true"]').count()) === 0) {
            await menu.click();
            for (const p of await page.evaluate(checkScreen, width)) failures.push(`${route} with its menu open at ${width}px, ${state.name}: ${p}`);
            const panel = await page.evaluate(() => {
              const r = document.getElementById(document.querySelector('[aria-controls][aria-expanded="true"]')?.getAttribute('aria-controls') ?? '')?.getBoundingClientRect();
              return r && { left: r.left, right: r.right, height: r.height };
            });
            if (!panel || panel.height === 0) failures.push(`${route} at ${width}px, ${state.name}: the menu does not open`);
            else if (panel.left < 0 || panel.right > width) failures.push(`${route} at ${width}px, ${state.name}: the open menu goes past the screen (${Math.round(panel.left)}–${Math.round(panel.right)}px)`);
            if (state.name === 'client' && width === 390) {
              const file = join(OUTPUT, `screens-headerMenu-${width}.png`);
              await page.screenshot({ path: file });
              t.diagnostic(`screenshot the header menu at ${width}px: ${file}`);
            }
            await page.keyboard.press('Escape');
          }
          if (state.name === 'client' && (width === 390 || width === 1440) && screenshots.has(route)) {
            const file = join(OUTPUT, `screens-${route}-${width}.png`);
            await page.screenshot({ path: file, fullPage: route === 'cartContent' || route === 'cartValidation' });
            t.diagnostic(`screenshot ${route} at ${width}px: ${file}`);
          }
        }
      }
      await context.close();
    }
  }
  t.diagnostic(`${screensChecked} screens checked in ${Math.round((Date.now() - started) / 1000)} s`);
  assert.deepEqual(failures, [], `${failures.length} problems:\n${failures.join('\n')}`);
  assert.deepEqual(pageErrors, [], 'no script error on any screen');
});
