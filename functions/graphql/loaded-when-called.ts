/** A function of a module, as a function that loads its module with its first call. */
type LoadedLater<F> = F extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never;

/**
 * `name` of the module `load` imports, loaded with its first call (import(): the bundle keeps the
 * module in a chunk of its own), then called as it is. So that a cold start loads only the code
 * of what its first request runs: the dealers', cashiers' and operators' use cases stay out of a
 * player's first request, and a bet's out of a lobby's (figure 5 of the bench).
 */
export function loadedWhenCalled<M, K extends keyof M>(load: () => Promise<M>, name: K): LoadedLater<M[K]> {
  let loaded: Promise<M> | undefined;
  return (async (...args: unknown[]) => {
    const module = await (loaded ??= load().catch((error: unknown) => {
      // A load that failed (a chunk missing from a bad deploy) is tried again by the next call.
      loaded = undefined;
      throw error;
    }));
    return (module[name] as (...given: unknown[]) => unknown)(...args);
  }) as LoadedLater<M[K]>;
}
