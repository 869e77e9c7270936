// Where Debian's Chromium lives and the flags it needs on these machines; shared by the build-time diagrams, the
// Playwright config and the benchmark, so all drive the browser the same way.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
