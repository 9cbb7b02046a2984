// @vitest-environment happy-dom
import { MantineProvider, Stepper, TextInput } from '@mantine/core';
import { Component as PreactComponent } from 'preact';
import { Activity, Component, useEffect, useOptimistic, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { mount } from '../testing/mount';

const isShown = (element: Element | null) => {
  for (let node = element; node; node = node.parentElement) {
    if ((node as HTMLElement).style.display === 'none') return false;
  }
  return Boolean(element);
};

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {count}
    </button>
  );
}

describe('React’s API on Preact', () => {
  it('is Preact the app and its libraries get as `react`', () => {
    expect(Component).toBe(PreactComponent);
  });

  it('Activity hides a subtree without losing its state, and takes no box while visible', () => {
    const view = mount(
      <Activity mode="visible">
        <Counter />
      </Activity>,
    );
    const button = () => view.container.querySelector('button')!;
    flushSync(() => button().click());
    flushSync(() => button().click());
    expect(button().textContent).toBe('2');
    expect((button().parentElement as HTMLElement).style.display).toBe('contents');

    view.render(
      <Activity mode="hidden">
        <Counter />
      </Activity>,
    );
    expect(isShown(button())).toBe(false);

    view.render(
      <Activity mode="visible">
        <Counter />
      </Activity>,
    );
    expect(isShown(button())).toBe(true);
    expect(button().textContent).toBe('2');
  });

  it('a Stepper that keeps its steps mounted shows only the active one and keeps what was typed', () => {
    const steps = (active: number) => (
      <MantineProvider>
        <Stepper active={active} keepMounted>
          <Stepper.Step label="One">
            <TextInput label="Name" defaultValue="" />
          </Stepper.Step>
          <Stepper.Step label="Two">
            <p data-testid="second">second</p>
          </Stepper.Step>
        </Stepper>
      </MantineProvider>
    );
    const view = mount(steps(0));
    const input = view.container.querySelector('input')!;
    input.value = 'Asha Rao';
    const second = () => view.container.querySelector('[data-testid="second"]');
    expect(isShown(input)).toBe(true);
    expect(isShown(second())).toBe(false);

    view.render(steps(1));
    expect(isShown(input)).toBe(false);
    expect(isShown(second())).toBe(true);

    view.render(steps(0));
    expect(view.container.querySelector('input')).toBe(input);
    expect(input.value).toBe('Asha Rao');
    expect(isShown(input)).toBe(true);
  });

  it('the first render replaces what the container held (index.html’s boot frame) with new nodes', () => {
    const container = document.createElement('div');
    container.innerHTML = '<section class="mb-hero"><h1>Boot</h1></section><p>seal</p>';
    const bootSection = container.firstElementChild;
    const root = createRoot(container);
    flushSync(() =>
      root.render(
        <section>
          <h1>Home</h1>
        </section>,
      ),
    );
    expect(container.innerHTML).toBe('<section><h1>Home</h1></section>');
    expect(container.firstElementChild).not.toBe(bootSection);
    root.unmount();
  });

  it('useOptimistic gives the state passed in (no transition is ever pending on Preact)', () => {
    function Shown({ value }: { value: string }) {
      const [shown, setShown] = useOptimistic(value);
      return (
        <button type="button" onClick={() => setShown('optimistic')}>
          {shown}
        </button>
      );
    }
    const view = mount(<Shown value="first" />);
    const button = view.container.querySelector('button')!;
    flushSync(() => button.click());
    expect(button.textContent).toBe('first');
    view.render(<Shown value="second" />);
    expect(button.textContent).toBe('second');
  });

  it('a screen’s <title> and <meta> go to the head while it is shown, as React 19 puts them', () => {
    document.head.innerHTML = '<title>Mohar · Notarise documents online</title>';
    const screen = (title: string, description: string) => (
      <main>
        <title>{`${title} · Mohar`}</title>
        <meta name="description" content={description} />
        <meta itemProp="name" content="in place" />
        <h1>{title}</h1>
      </main>
    );
    const view = mount(screen('Resources', 'Articles'));
    expect(document.title).toBe('Resources · Mohar');
    expect(view.container.querySelector('title, meta[name="description"]')).toBeNull();
    expect(view.container.querySelector('meta[itemprop="name"]')).not.toBeNull();
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Articles');

    view.render(screen('An article', 'One article'));
    expect(document.title).toBe('An article · Mohar');
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'One article',
    );

    view.render(<p>no metadata</p>);
    expect(document.title).toBe('Mohar · Notarise documents online');
    expect(document.head.querySelector('meta[name="description"]')).toBeNull();
  });

  it('a render’s effects run before the next event is handled, as React runs them after an input', async () => {
    const seen: string[] = [];
    function Field() {
      const [value, setValue] = useState('');
      useEffect(() => {
        seen.push(value);
      }, [value]);
      return (
        <input aria-label="Code" value={value} onChange={(event) => setValue(event.currentTarget.value)} />
      );
    }
    const view = mount(<Field />);
    const input = view.container.querySelector('input')!;
    for (const typed of ['1', '12', '123']) {
      input.value = typed;
      input.dispatchEvent(new Event('input', { bubbles: true }));
      // The next keystroke is another task: by then the effect of this one has run.
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(seen.at(-1)).toBe(typed);
    }
  });
});
