// Browser script loaded next to Mermaid by renderer.ts: renders one diagram and derives a name and a text
// version of it from Mermaid's parse, for diagrams whose source has no accTitle/accDescr.
/* global window */
window.renderDiagram = async function renderDiagram(id, source) {
  const mermaid = window.mermaid;
  const { svg } = await mermaid.render(id, source);
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
};
