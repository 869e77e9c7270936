// Browser module loaded by renderer.ts: renders one diagram at a time in the colour mode's settings and derives a
// name and a text version of it from Mermaid's parse, for diagrams whose source has no accTitle/accDescr.
/* global window */
import mermaid from './mermaid.esm.min.mjs';

/**
 * Drops what a diagram does not use, since each page carries two copies: Mermaid writes its whole stylesheet for
 * the diagram type (tooltips, other looks, animations), every arrowhead marker and, in sequence diagrams, icon
 * symbols (a 13 KB database) into every SVG.
 */
function pruneUnused(rendered) {
  const svg = rendered.replace(/<(symbol|marker)\b[^>]*\sid="([^"]+)"[\s\S]*?<\/\1>/g, (element, _, elementId) =>
    rendered.includes(`#${elementId}"`) || rendered.includes(`#${elementId})`) ? element : '',
  );
  const host = document.createElement('div');
  host.innerHTML = svg;
  document.body.append(host);
  try {
    const style = host.querySelector('style');
    if (!style?.sheet) return svg;
    const kept = [];
    for (const rule of style.sheet.cssRules) {
      if (rule instanceof CSSStyleRule) {
        let used = true;
        try {
          used = host.querySelector(rule.selectorText) !== null;
        } catch {
          // A selector the query engine cannot test stays.
        }
        if (used) kept.push(rule.cssText);
      } else if (!(rule instanceof CSSKeyframesRule)) {
        kept.push(rule.cssText);
      }
    }
    const css = kept.join('');
    // Animations stay only when a kept rule uses one.
    const keyframes = [...style.sheet.cssRules]
      .filter((rule) => rule instanceof CSSKeyframesRule && css.includes(rule.name))
      .map((rule) => rule.cssText);
    return svg.replace(/<style>[\s\S]*?<\/style>/, () => `<style>${css}${keyframes.join('')}</style>`);
  } finally {
    host.remove();
  }
}

async function render(id, source) {
  const svg = pruneUnused((await mermaid.render(id, source)).svg);
  const diagram = await mermaid.mermaidAPI.getDiagramFromText(source);
  const db = diagram.db;
  const plain = (text) =>
    String(text ?? '')
      .replace(/<br\s*\/?>/gi, ' ')
      .replace(/<[^>]+>/g, '')
      .replace(/\s+/g, ' ')
      .trim();
  let label = `${diagram.type} diagram`;
  let description = '';
  if (typeof db.getVertices === 'function' && typeof db.getEdges === 'function') {
    const vertices = db.getVertices();
    const name = (id) => plain(vertices.get(id)?.text) || id;
    label = `Flowchart: ${[...vertices.values()].map((v) => plain(v.text) || v.id).join(', ')}`;
    description = db
      .getEdges()
      .map((e) => `${name(e.start)} to ${name(e.end)}${plain(e.text) ? `: ${plain(e.text)}` : ''}`)
      .join('; ');
  } else if (typeof db.getActors === 'function' && typeof db.getMessages === 'function') {
    const actors = db.getActors();
    const name = (id) => plain(actors.get(id)?.description) || id;
    label = `Sequence diagram: ${[...actors.keys()].map(name).join(', ')}`;
    // Mermaid's LINETYPE values for a note and for the arrow kinds; the rest open and close blocks.
    const NOTE = 2;
    const ARROWS = new Set([0, 1, 3, 4, 5, 6, 24, 25, 33, 34]);
    description = db
      .getMessages()
      .flatMap((m) => {
        if (m.type === NOTE && m.message) return [`Note: ${plain(m.message)}`];
        if (ARROWS.has(m.type) && m.from && m.to)
          return [`${name(m.from)} to ${name(m.to)}${plain(m.message) ? `: ${plain(m.message)}` : ''}`];
        return [];
      })
      .join('; ');
  }
  return { svg, label, description };
}

// Mermaid's settings are global to the page, and setting them is most of the work of a small diagram, so the
// diagrams waiting are drawn one at a time, all those of the current colour mode before the other mode's.
const waiting = new Map();
let current;
let drawing = false;

async function drawWaiting() {
  drawing = true;
  while (waiting.size) {
    const key = waiting.has(current) ? current : waiting.keys().next().value;
    const { config, jobs } = waiting.get(key);
    if (key !== current) {
      mermaid.initialize(config);
      current = key;
    }
    const job = jobs.shift();
    if (!jobs.length) waiting.delete(key);
    try {
      job.resolve(await render(job.id, job.source));
    } catch (error) {
      job.reject(error);
    }
  }
  drawing = false;
}

window.renderDiagram = (config, id, source) =>
  new Promise((resolve, reject) => {
    const key = JSON.stringify(config);
    if (!waiting.has(key)) waiting.set(key, { config, jobs: [] });
    waiting.get(key).jobs.push({ id, source, resolve, reject });
    if (!drawing) void drawWaiting();
  });
