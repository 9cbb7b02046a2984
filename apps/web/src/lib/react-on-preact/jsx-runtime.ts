// JSX compiles to calls into this module (`react/jsx-runtime` and `react/jsx-dev-runtime`, vite-plugins/react-aliases.ts):
// Preact's compat runtime, with React's document metadata and effect timing set up before the first element is made.
import './document-metadata';
import './effect-timing';

export * from 'preact/compat/jsx-runtime';
