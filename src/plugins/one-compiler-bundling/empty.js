// The entry of the compiler a one-compiler bundling run empties (index.ts): nothing to bundle.
