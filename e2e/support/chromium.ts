/**
 * The Chromium every e2e project and Lighthouse launch: never a downloaded browser, but
 * CHROMIUM_PATH or Debian's /usr/bin/chromium (`apt-get install chromium`), headless, with
 * no sandbox (CI runs as root), GPU, QUIC or background traffic to anywhere.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Chromium's command-line flags for {@link CHROMIUM_PATH}. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
