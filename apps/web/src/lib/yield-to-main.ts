/**
 * Lets the browser run what is waiting (input, a frame, the network's answers) before the caller
 * goes on: the app's start-up on a slow phone is split into tasks that each stay short, since
 * Lighthouse's total blocking time (and a tap that waits) counts only the part of a task over
 * 50 ms (decision 015, "Start-up in short tasks").
 * scheduler.yield() where the browser has it (the continuation keeps its place ahead of other
 * tasks), else a MessageChannel message (a task without setTimeout's clamping), else setTimeout.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  if (typeof MessageChannel === 'function') {
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    });
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}
