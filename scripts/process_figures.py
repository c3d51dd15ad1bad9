"""What the outside-in harnesses read about a running program from /proc."""


def memory(pid):
    """The program's resident memory and its peak (VmRSS, VmHWM), in MB."""
    values = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            key, _, rest = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                values[key] = int(rest.split()[0]) / 1024
    return values.get("VmRSS", 0), values.get("VmHWM", 0)
