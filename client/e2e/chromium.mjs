// Debian's Chromium as every browser test and the budgets start it: never a
// downloaded browser, and none of the background connections this machine's
// closed network refuses.

/** CHROMIUM is the browser binary ($CHROMIUM_PATH, else Debian's). */
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** CHROMIUM_ARGS are the flags of a headless, quiet Chromium. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];
