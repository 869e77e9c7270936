// `npm run build:deploy` runs this first: one line naming SITE_URL and what is wrong with it, before any page is
// generated. The site config applies the same check (src/siteOrigin.ts), so `DEPLOY=1 docusaurus build` refuses too.
import { siteOrigin } from '../src/siteOrigin';

try {
  console.log(`Deploy build for ${siteOrigin({ ...process.env, DEPLOY: '1' }).published}`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
