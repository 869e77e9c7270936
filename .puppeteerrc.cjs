// pa11y-ci drives Chromium through Puppeteer. The tests use Debian's Chromium (scripts/ensure-debian-packages.sh), so
// Puppeteer downloads no browser of its own on install; scripts/check-a11y.ts names the binary it launches.
module.exports = { skipDownload: true };
