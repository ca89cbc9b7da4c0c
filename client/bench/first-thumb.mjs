// The first-thumbnails measure shared by the budgets (budgets.mjs) and the
// side-by-side comparison of two builds (ab.mjs).

export const VIEWPORT = { width: 1280, height: 900 };

/** median is the middle value of xs (the upper one of an even count). */
export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * firstThumbnail opens `${base}/${url}#photos` (the visitor's « Voir les
 * photos ») in a new browser context (cold cache) and returns when the first
 * grid thumbnail inside the viewport was painted, and the first contentful
 * paint, in ms from the navigation. With latencyMs, every request of the page
 * waits that long more (Chromium's network emulation), as over a phone's
 * connection.
 */
export async function firstThumbnail(browser, base, url, { latencyMs = 0 } = {}) {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'fr-FR' });
  try {
    await context.addInitScript(() => {
      // The first thumbnail of the grid that has loaded inside the viewport, then a frame: painted.
      const inView = (img) => {
        const rect = img.getBoundingClientRect();
        return rect.width > 0 && rect.bottom > 0 && rect.top < innerHeight;
      };
      const painted = () => {
        window.__firstThumb = null;
        requestAnimationFrame(() => requestAnimationFrame(() => (window.__firstThumb = performance.now())));
      };
      document.addEventListener(
        'load',
        (event) => {
          const img = event.target;
          if (window.__firstThumb !== undefined || !(img instanceof HTMLImageElement) || !img.closest('#photos') || !inView(img)) return;
          painted();
        },
        true,
      );
      // A thumbnail may also have loaded below the viewport and come into it afterwards (the page
      // scrolled to #photos once the sections above had their height): checked at every frame.
      const poll = () => {
        if (window.__firstThumb !== undefined) return;
        for (const img of document.querySelectorAll('#photos img')) {
          if (img.complete && img.naturalWidth > 0 && inView(img)) return painted();
        }
        requestAnimationFrame(poll);
      };
      requestAnimationFrame(poll);
    });
    const page = await context.newPage();
    if (latencyMs > 0) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: latencyMs, downloadThroughput: -1, uploadThroughput: -1 });
    }
    await page.goto(`${base}/${url}#photos`);
    await page.waitForFunction(() => typeof window.__firstThumb === 'number', null, { timeout: 60_000, polling: 50 }).catch(async (err) => {
      const seen = await page.evaluate(() => ({ y: scrollY, items: document.querySelectorAll('#photos ul[data-layout] > li').length, first: window.__firstThumb }));
      throw new Error(`no thumbnail painted: ${JSON.stringify(seen)}: ${err.message}`);
    });
    return await page.evaluate(() => ({
      thumb: window.__firstThumb,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    }));
  } finally {
    await context.close();
  }
}
