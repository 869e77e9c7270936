// The Playwright config, the tests and the benchmark drive Debian's Chromium as the build-time diagrams do.
export { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../src/chromium';
