#!/usr/bin/env python3
"""Measures parley-demo from outside, as a user's terminal sees it.

Runs the release parley-demo in a pseudo-terminal of 200x60 with a 100k-line transcript,
waits until it is idle, then presses a key many times (Up scrolls one row, PageUp a page),
waiting for the screen to settle after each press. Prints the bytes the demo wrote and the
CPU time it used (user + system, from /proc) per press.

    python3 scripts/measure-terminal.py [--lines 100000] [--presses 300]
"""
import argparse, os, pty, select, struct, fcntl, termios, time, random

def transcript(path, lines):
    people = ["Alice", "Bob", "Carol", "Dave"]
    words = "the quick brown fox jumps over a lazy dog while parley scrolls a long history of chat".split()
    rng = random.Random(7)
    start = 1_700_000_000
    with open(path, "w") as f:
        for i in range(lines):
            text = " ".join(rng.choice(words) for _ in range(rng.randint(3, 18)))
            f.write(f"{start + i * 37}\t{people[(i // 3) % 4]}\t{text}\n")

def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

def drain(fd, idle=0.25, limit=20.0):
    """Reads until nothing arrives for `idle` seconds; returns the byte count."""
    total, deadline = 0, time.time() + limit
    while time.time() < deadline:
        ready, _, _ = select.select([fd], [], [], idle)
        if not ready:
            return total
        try:
            data = os.read(fd, 1 << 16)
        except OSError:
            return total
        if not data:
            return total
        total += len(data)
    return total

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--lines", type=int, default=100_000)
    parser.add_argument("--presses", type=int, default=300)
    parser.add_argument("--binary", default=".build/release/parley-demo")
    args = parser.parse_args()
    path = f"/tmp/parley-transcript-{args.lines}.tsv"
    if not os.path.exists(path):
        transcript(path, args.lines)
    pid, fd = pty.fork()
    if pid == 0:
        os.environ.update(TERM="xterm-256color", COLORTERM="truecolor")
        os.execv(args.binary, [args.binary, "--transcript", path])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 60, 200, 0, 0))
    os.kill(pid, 28)  # SIGWINCH, in case it read the size before we set it
    drain(fd, idle=1.0)
    print(f"parley-demo, 200x60 pty, {args.lines} transcript lines, {args.presses} presses per key")
    print("| key | what it does | bytes per press | CPU per press |")
    print("|---|---|---|---|")
    for name, sequence, what in [("Up", b"\x1b[A", "scroll one row"), ("PageUp", b"\x1b[5~", "scroll one page")]:
        cpu0, written = cpu_seconds(pid), 0
        for _ in range(args.presses):
            os.write(fd, sequence)
            written += drain(fd, idle=0.03)
        cpu = cpu_seconds(pid) - cpu0
        print(f"| {name} | {what} | {written / args.presses:.0f} B | {cpu / args.presses * 1000:.2f} ms |")
        os.write(fd, b"\x1b")  # back to the newest message
        drain(fd, idle=0.5)
    os.write(fd, b"\x03")
    drain(fd, idle=0.5)
    os.waitpid(pid, 0)

if __name__ == "__main__":
    main()
