import os from 'node:os';

export interface MachineInfo {
  readonly node: string;
  readonly v8: string;
  readonly platform: string;
  readonly cpu: string;
  readonly cores: number;
  readonly memoryGiB: number;
  readonly gcExposed: boolean;
  /** 1, 5 and 15-minute load averages when the benchmark started: other work on the machine skews the timings. */
  readonly loadAverage: readonly number[];
}

export function machineInfo(): MachineInfo {
  const cpus = os.cpus();
  return {
    node: process.version,
    v8: process.versions.v8,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: os.availableParallelism?.() ?? cpus.length,
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    gcExposed: typeof globalThis.gc === 'function',
    loadAverage: loadAverage(),
  };
}

export function loadAverage(): number[] {
  return os.loadavg().map((value) => Math.round(value * 100) / 100);
}
