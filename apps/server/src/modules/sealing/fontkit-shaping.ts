/**
 * @pdf-lib/fontkit 1.1.1 was compiled with Babel's generator transform but ships without its runtime: the Indic shaper
 * (Devanagari syllables — reph, pre-base matras, conjuncts) calls a global `regeneratorRuntime` and throws
 * "regeneratorRuntime is not defined" (pdf-lib issues #785 and #1419). The bundle's only generator is
 * `StateMachine.match`, a plain `while/switch` state machine with no try/catch, no `yield*` and no sent values, so a
 * runtime that implements `mark` and `wrap` with the context fields it uses (`prev`, `next`, `stop`) runs it exactly.
 *
 * Installed once, only when no runtime exists (a complete one installed by another package is left alone).
 */
type GeneratorContext = {
  prev: number | string;
  next: number | string;
  done: boolean;
  stop: () => undefined;
};
type InnerFn = (context: GeneratorContext) => unknown;

const minimalRuntime = {
  isMoharMinimalRuntime: true,
  mark: <T>(fn: T): T => fn,
  wrap(innerFn: InnerFn) {
    const context: GeneratorContext = {
      prev: 0,
      next: 0,
      done: false,
      stop() {
        this.done = true;
        return undefined;
      },
    };
    const iterator = {
      next(): IteratorResult<unknown> {
        if (context.done) return { value: undefined, done: true };
        const value = innerFn(context);
        return context.done ? { value: undefined, done: true } : { value, done: false };
      },
      [Symbol.iterator]() {
        return iterator;
      },
    };
    return iterator;
  },
};

export function ensureIndicShaping(): void {
  const scope = globalThis as { regeneratorRuntime?: unknown };
  scope.regeneratorRuntime ??= minimalRuntime;
}
