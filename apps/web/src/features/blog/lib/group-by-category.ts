import type { BlogListItem } from '@mohar/contracts';

export type BlogCategory = { name: string; blogs: BlogListItem[] };

/** Spec §3: blogs are grouped by category on the client, categories in the order the API first lists them. */
export function groupByCategory(blogs: readonly BlogListItem[]): BlogCategory[] {
  const groups = new Map<string, BlogListItem[]>();
  for (const blog of blogs) {
    const name = blog.category.trim();
    if (!name) continue;
    const group = groups.get(name);
    if (group) group.push(blog);
    else groups.set(name, [blog]);
  }
  return [...groups].map(([name, items]) => ({ name, blogs: items }));
}
