/**
 * The search box's code, fetched when the reader reaches for the box (the search plugin's SearchBar.jsx, patches/):
 * autocomplete.js and the result rows' icons (suggestionIcons.css) in one chunk, SEARCH_BOX_CHUNK, kept whole by
 * src/plugins/search-shards. Split, they were four requests (autocomplete.js, a module of its own split off, the
 * stylesheet and its loader): with the worker's script, the index head and a term shard, more than the six an
 * HTTP/1.1 host serves at once, so the last waited for a round trip of its own.
 */
// @ts-expect-error: autocomplete.js ships no types; the plugin reads its default export (the autocomplete function).
export { default } from '@easyops-cn/autocomplete.js';
import './suggestionIcons.css';
