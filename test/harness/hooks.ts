/**
 * `Hooks` for one client: `call` stops at the first handler returning false and
 * reports it; `callAll` always runs every handler; `once` handlers run a single time.
 */
type HookFn = (...args: any[]) => unknown;
interface Registered {
  id: number;
  fn: HookFn;
  once: boolean;
}

export class HooksImpl {
  private events = new Map<string, Registered[]>();
  private nextId = 1;
  /** Errors thrown by handlers, kept so a test can assert that none happened. */
  readonly errors: { hook: string; error: unknown }[] = [];

  on(hook: string, fn: HookFn, { once = false } = {}): number {
    const id = this.nextId++;
    const list = this.events.get(hook) ?? [];
    list.push({ id, fn, once });
    this.events.set(hook, list);
    return id;
  }

  once(hook: string, fn: HookFn): number {
    return this.on(hook, fn, { once: true });
  }

  off(hook: string, fn: number | HookFn): void {
    const list = this.events.get(hook);
    if (!list) return;
    this.events.set(hook, list.filter((h) => (typeof fn === "number" ? h.id !== fn : h.fn !== fn)));
  }

  private run(hook: string, args: unknown[], stopOnFalse: boolean): boolean {
    const list = [...(this.events.get(hook) ?? [])];
    for (const h of list) {
      if (h.once) this.off(hook, h.id);
      let result: unknown;
      try {
        result = h.fn(...args);
      } catch (error) {
        // Foundry logs a failing handler and carries on with the others.
        this.errors.push({ hook, error });
        console.error(`Error thrown in hooked function '${h.fn.name}' for hook '${hook}'`, error);
        continue;
      }
      if (stopOnFalse && result === false) return false;
    }
    return true;
  }

  call(hook: string, ...args: unknown[]): boolean {
    return this.run(hook, args, true);
  }

  callAll(hook: string, ...args: unknown[]): true {
    this.run(hook, args, false);
    return true;
  }

  get events_(): ReadonlyMap<string, Registered[]> {
    return this.events;
  }
}
