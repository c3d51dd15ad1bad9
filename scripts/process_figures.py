"""What the outside-in harnesses read about a running program from /proc."""
import glob
import os


def cpu_ns(pid):
    """The CPU time the program has used, every thread, in nanoseconds.

    From /proc/PID/task/*/schedstat (the scheduler's own count, to the nanosecond); where
    the kernel keeps no such count (schedstat reads 0), from /proc/PID/stat, which counts
    clock ticks (10 ms), so that short steps need many presses to read well.
    """
    total = 0
    for path in glob.glob(f"/proc/{pid}/task/*/schedstat"):
        try:
            with open(path) as f:
                total += int(f.read().split()[0])
        except (OSError, ValueError, IndexError):
            pass
    if total > 0:
        return total
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1_000_000_000 // os.sysconf("SC_CLK_TCK")


def memory(pid):
    """The program's resident memory and its peak (VmRSS, VmHWM), in MB."""
    values = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            key, _, rest = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                values[key] = int(rest.split()[0]) / 1024
    return values.get("VmRSS", 0), values.get("VmHWM", 0)
