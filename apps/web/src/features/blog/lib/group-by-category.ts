import type { Blog } from '@mohar/contracts';

export type BlogCategory = { name: string; blogs: Blog[] };

/** Spec §3: blogs are grouped by category on the client, categories in the order the API first lists them. */
export function groupByCategory(blogs: readonly Blog[]): BlogCategory[] {
  const groups = new Map<string, Blog[]>();
  for (const blog of blogs) {
    const name = blog.category.trim();
    if (!name) continue;
    const group = groups.get(name);
    if (group) group.push(blog);
    else groups.set(name, [blog]);
  }
  return [...groups].map(([name, items]) => ({ name, blogs: items }));
}
