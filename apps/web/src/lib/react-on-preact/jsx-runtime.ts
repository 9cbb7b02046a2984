// JSX compiles to calls into this module (`react/jsx-runtime` and `react/jsx-dev-runtime`, vite-plugins/react-aliases.ts):
// Preact's compat runtime, with React's document metadata set up before the first element is made.
import './document-metadata';

export * from 'preact/compat/jsx-runtime';
