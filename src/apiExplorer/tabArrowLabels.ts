/**
 * Names the scroll arrows of the API reference's tab bars. docusaurus-theme-openapi-docs renders them as empty
 * <button>s (ApiTabs, SchemaTabs, MimeTabs, DiscriminatorTabs, OperationTabs) whenever a tab bar overflows, so
 * screen readers announce just "button" (axe: button-name, critical). The buttons come and go with the
 * width of the bar, after hydration, in five components; one observer labels them wherever they appear
 * rather than five wrappers that would each add an element around a tab bar. Imported by the theme components
 * every API page renders (src/theme/ApiExplorer/MethodEndpoint, src/theme/ApiLogo), so other pages skip it.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

const SELECTOR = 'button.openapi-tabs__arrow:not([aria-label])';

function label(root: ParentNode): void {
  root.querySelectorAll<HTMLButtonElement>(SELECTOR).forEach((button) => {
    const left = button.classList.contains('left');
    button.setAttribute('aria-label', left ? 'Scroll tabs left' : 'Scroll tabs right');
    button.type = 'button';
  });
}

if (ExecutionEnvironment.canUseDOM) {
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      record.addedNodes.forEach((node) => {
        if (node instanceof Element && (node.matches(SELECTOR) || node.querySelector(SELECTOR))) {
          label(node.parentNode ?? node);
        }
      });
    }
  });
  const start = () => {
    label(document);
    observer.observe(document.body, { childList: true, subtree: true });
  };
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start, { once: true });
}
