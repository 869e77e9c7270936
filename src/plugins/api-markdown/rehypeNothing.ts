// Stands in for rehype-raw in the API pages' Markdown renderer (see index.ts): there is no raw HTML to parse.
export default function rehypeNothing(): void {}
