// The longest the event loop went without a turn, two ways: by the clock (perf_hooks monitorEventLoopDelay),
// and by the processor time this process used over that gap. On a loaded machine the clock also counts the
// time the process waited for a core (other processes, Chromium printing); the processor time counts only
// work done (the main thread's, and the process's helper threads': garbage collection, compression), so the
// two together tell a block of ours from a machine too busy to run us.
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface LoopBlocks {
  stop(): { clockMs: number; cpuMs: number };
}

export function watchLoopBlocks(): LoopBlocks {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  let cpuMs = 0;
  let lastCpu = process.cpuUsage();
  let timer: NodeJS.Timeout;
  const tick = () => {
    const cpu = process.cpuUsage(lastCpu);
    lastCpu = process.cpuUsage();
    cpuMs = Math.max(cpuMs, (cpu.user + cpu.system) / 1000);
    timer = setTimeout(tick, 1);
  };
  timer = setTimeout(tick, 1);
  return {
    stop() {
      clearTimeout(timer);
      delay.disable();
      return { clockMs: delay.max / 1e6, cpuMs };
    },
  };
}
