/**
 * Resolves in a task of its own (a zero timer), so work before and after it are two tasks, not one long one: on a slow
 * phone a long task delays the customer's next tap (Lighthouse's Total Blocking Time, decision 1103).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
