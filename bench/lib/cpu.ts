/**
 * CPU seconds used so far by a process (Linux /proc; NaN elsewhere) and by this one, so each run can
 * report how busy the server and autocannon were: on a 2-core machine a baseline server well under
 * 100 % while autocannon is near 100 % means the load generator, not the server, was the limit.
 */
import fs from 'node:fs';
import os from 'node:os';

const TICKS_PER_SECOND = 100;

export function processCpuSeconds(pid: number): number {
  try {
    // Fields after the command name: utime and stime are the 12th and 13th.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}

/** CPU seconds of this process's finished children (ffmpeg runs), from /proc/self/stat; NaN elsewhere. */
export function childrenCpuSeconds(): number {
  try {
    // cutime and cstime are the 14th and 15th fields after the command name.
    const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}

export function ownCpuSeconds(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
}

/** Load average over the last minute ÷ cores: above ~1 means other work competes for the CPUs. */
export function machineLoad(): number {
  return os.loadavg()[0]! / os.availableParallelism();
}

export interface MachineTicks {
  busy: number;
  total: number;
}

/** CPU ticks of the whole machine so far, busy and in all (Linux /proc/stat; NaN elsewhere). */
export function machineTicks(): MachineTicks {
  try {
    // cpu  user nice system idle iowait irq softirq steal …: idle and iowait are not busy.
    const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
    const total = fields.reduce((sum, value) => sum + value, 0);
    return { busy: total - fields[3]! - fields[4]!, total };
  } catch {
    return { busy: Number.NaN, total: Number.NaN };
  }
}

/** Cores the whole machine kept busy between two readings (2 = both cores of a 2-core machine). */
export function machineBusyCores(from: MachineTicks, to: MachineTicks): number {
  return ((to.busy - from.busy) / (to.total - from.total)) * os.availableParallelism();
}
