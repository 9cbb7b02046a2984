/**
 * React 19 renders a `<title>` or `<meta>` found anywhere in the tree into `document.head` (its "document metadata"),
 * and the screens rely on it for their titles and descriptions. Preact would leave them in the body, where the
 * browser ignores them. Preact's public `options.vnode` hook (called for every element created) turns each such
 * element into HeadTag, which keeps one element in the head while it is mounted, as React does: a title goes first,
 * so `document.title` reads the newest one (then index.html's own again once none is mounted); a meta is appended.
 * Like React, an element with `itemProp` stays where it is. Unlike React, a `<title>` inside an `<svg>` would be
 * moved too (the app and its libraries render none).
 */
import { type ComponentChildren, options, type VNode } from 'preact';
import { useLayoutEffect, useState } from 'preact/hooks';

type TagProps = Record<string, unknown> & { children?: ComponentChildren };
type HeadTagProps = { tag: 'title' | 'meta'; tagProps: TagProps };

function HeadTag({ tag, tagProps }: HeadTagProps) {
  const [element] = useState(() => document.createElement(tag));
  useLayoutEffect(() => {
    if (tag === 'title') document.head.insertBefore(element, document.head.querySelector('title'));
    else document.head.append(element);
    return () => element.remove();
  }, [element, tag]);
  useLayoutEffect(() => {
    for (const name of element.getAttributeNames()) element.removeAttribute(name);
    for (const [name, value] of Object.entries(tagProps)) {
      if (name === 'children' || value == null || value === false) continue;
      element.setAttribute(name, value === true ? '' : String(value));
    }
    if (tag === 'title') element.textContent = [tagProps.children].flat().join('');
  });
  return null;
}

const previousHook = options.vnode;
options.vnode = (vnode: VNode<TagProps>) => {
  previousHook?.(vnode);
  const { type, props } = vnode;
  if ((type === 'title' || type === 'meta') && props.itemProp == null) {
    // The same element, now HeadTag with the original props kept aside.
    const headTag = { tag: type, tagProps: props } satisfies HeadTagProps;
    vnode.type = HeadTag as unknown as VNode<TagProps>['type'];
    vnode.props = headTag as unknown as VNode<TagProps>['props'];
  }
};
