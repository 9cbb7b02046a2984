// @vitest-environment happy-dom
import { loginRequest } from '@mohar/contracts';
import { describe, expect, it, vi } from 'vitest';
import { mount } from './testing/mount';
import { useContractForm } from './use-contract-form';

type Request = { email: string; password: string };

/** A sign-in form on the hook, its schema given as a loader that counts its loads. */
function SignInForm(props: { loadSchema: () => Promise<typeof loginRequest>; sent: Request[] }) {
  const { form, onSubmit, failure, containerRef } = useContractForm({
    schema: props.loadSchema,
    initialValues: { email: '', password: '' },
  });
  return (
    <form ref={containerRef} onSubmit={onSubmit((request) => props.sent.push(request))} noValidate>
      {failure && <p role="alert">{failure}</p>}
      <input
        name="email"
        value={form.values.email}
        onInput={(event) => form.setFieldValue('email', event.currentTarget.value)}
      />
      <span data-error="email">{form.errors.email}</span>
      <input
        name="password"
        value={form.values.password}
        onInput={(event) => form.setFieldValue('password', event.currentTarget.value)}
      />
      <button type="submit">Log in</button>
    </form>
  );
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
/** Until `check` passes: the loader, the contract's check and the render take their time on a loaded machine. */
const eventually = (check: () => void) => vi.waitFor(check, { timeout: 5_000, interval: 10 });
const type = (input: HTMLInputElement, value: string) => {
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
};
const submit = (container: HTMLElement) =>
  container.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));

/** The real contract, behind a loader that counts its loads and fails while `offline`. */
function countingLoader() {
  const loader = {
    loads: 0,
    offline: false,
    load: async () => {
      loader.loads++;
      if (loader.offline) throw new Error('offline');
      return loginRequest;
    },
  };
  return loader;
}

describe('a form whose contract schema is given as a loader', () => {
  it('does not load it until the visitor focuses the form, then once', async () => {
    const loader = countingLoader();
    const { container } = mount(<SignInForm loadSchema={loader.load} sent={[]} />);
    await settle();
    expect(loader.loads).toBe(0);
    container.querySelector<HTMLInputElement>('input[name="email"]')!.focus();
    type(container.querySelector<HTMLInputElement>('input[name="email"]')!, 'a');
    await eventually(() => expect(loader.loads).toBe(1));
    await settle();
    expect(loader.loads).toBe(1);
  });

  it('checks a submit made before the schema is in with the contract once it is', async () => {
    const sent: Request[] = [];
    const { container } = mount(<SignInForm loadSchema={countingLoader().load} sent={sent} />);
    submit(container);
    await eventually(() =>
      expect(container.querySelector('[data-error="email"]')!.textContent).toBe(
        'Enter a valid e-mail address',
      ),
    );
    expect(sent).toEqual([]);
  });

  it('sends the request as the contract makes it', async () => {
    const sent: Request[] = [];
    const { container } = mount(<SignInForm loadSchema={countingLoader().load} sent={sent} />);
    type(container.querySelector<HTMLInputElement>('input[name="email"]')!, '  Client@Example.COM ');
    type(container.querySelector<HTMLInputElement>('input[name="password"]')!, 'secret');
    submit(container);
    await eventually(() => expect(sent).toEqual([{ email: 'client@example.com', password: 'secret' }]));
  });

  it('says "Network Error" when the schema cannot be fetched, and tries again on the next submit', async () => {
    const sent: Request[] = [];
    const loader = countingLoader();
    loader.offline = true;
    const { container } = mount(<SignInForm loadSchema={loader.load} sent={sent} />);
    type(container.querySelector<HTMLInputElement>('input[name="email"]')!, 'client@example.com');
    type(container.querySelector<HTMLInputElement>('input[name="password"]')!, 'secret');
    await settle();
    submit(container);
    await eventually(() =>
      expect(container.querySelector('[role="alert"]')?.textContent).toBe('Network Error'),
    );
    expect(sent).toEqual([]);
    loader.offline = false;
    submit(container);
    await eventually(() => expect(sent).toEqual([{ email: 'client@example.com', password: 'secret' }]));
  });
});
