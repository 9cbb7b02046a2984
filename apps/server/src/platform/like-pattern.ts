/** An ILIKE pattern matching `text` anywhere, its own % _ \ taken literally. */
export const containing = (text: string) => `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
