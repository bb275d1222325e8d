/**
 * A handler's clock at noon (UTC) of the day the test file started, moving on as the real one does:
 * a test that reads a day's books finds every write of its run on that day, even when the run
 * crosses midnight.
 */
export function middayClock(): { readonly day: string; readonly now: () => string } {
  const day = new Date().toISOString().slice(0, 10);
  const offset = Date.parse(`${day}T12:00:00.000Z`) - Date.now();
  return { day, now: () => new Date(Date.now() + offset).toISOString() };
}
