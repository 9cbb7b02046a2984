/** The seal's layout controls (the server draws it; see the seal module). Deep blue is the default ink. */
export const SEAL_INKS = [
  { key: 'blue', colour: '#1d2a8a' },
  { key: 'black', colour: '#111111' },
  { key: 'violet', colour: '#5b2a86' },
  { key: 'red', colour: '#b3261e' },
] as const;

export const SEAL_SIZE_MM = { min: 40, max: 60, step: 5, default: 50 } as const;

export type SealLayout = {
  sizeMm: number;
  colour: string;
  outerText: 'name' | 'name_and_area';
  showExpiry: boolean;
};

export const DEFAULT_SEAL_LAYOUT: SealLayout = {
  sizeMm: SEAL_SIZE_MM.default,
  colour: SEAL_INKS[0].colour,
  outerText: 'name_and_area',
  showExpiry: true,
};

/** The preview is drawn by the server as SVG; shown as a data: image (the CSP allows data: images, not inline SVG). */
export const svgDataUrl = (svg: string) => `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
