#!/usr/bin/env python3
"""Measures parley-demo from outside, as a user's terminal sees it, beside WeeChat and less.

Each program runs in a 200x60 pseudo-terminal on the same realistic transcript
(scripts/transcript.py: 15 senders, emoji, CJK, links, long paragraphs). The harness waits
until the program is idle, then presses a key many times (Up: one row; PageUp: one page),
waiting for the output to settle after each press, and counts:

- the bytes the program wrote per press;
- the CPU time it used per press, every thread (/proc/PID/task/*/schedstat, to the
  nanosecond; until #15's last round it counted clock ticks from /proc/PID/stat, 10 ms
  each, which read a 0.1 ms step only to about a third);
- the messages it brought on screen (every transcript message carries a unique made-up
  word; the harness finds those words in the output), so that "per press" can be read
  beside "how far a press goes";
- its resident memory at the end (VmRSS) and its peak (VmHWM).

The programs take turns (parley, weechat, less, parley, ...), and each figure is the median
of --runs runs, so a noisy machine weighs on all alike.

- parley-demo: `--transcript FILE`; PageUp is its own key, and the row step is Ctrl+Up. Its
  plain Up on an empty composer recalls my last message to edit (the transcript has mine),
  which measured the recall rather than a scroll until #15 noticed; Ctrl+Up always scrolls
  one row.
- WeeChat (if installed; Debian: weechat-curses weechat-python): the transcript is printed
  into a buffer by a small Python script with each message's own date; Up is bound to
  `/window scroll -1` (one line; WeeChat's Up is otherwise input history), PageUp is its own.
- less: the transcript as "HH:MM name: text" lines, opened at the end (`less +G`); the floor
  for a program that redraws on scroll.

With `--terminal libvterm` the pty answers as a terminal would: everything a program
writes goes through libvterm, which writes back its answers to queries (scripts/
terminal_answers.py). Parley asks at start whether the terminal carries out REP and has
synchronized output, and libvterm says yes to the first and no to the second, as xterm
does. Without it (`--terminal none`, the default) no query is answered.

    swift build -c release --product parley-demo
    python3 scripts/measure-terminal.py [--lines 100000] [--presses 300] [--runs 3] [--terminal none|libvterm]
"""
import argparse, fcntl, os, pty, re, select, shutil, statistics, struct, sys, tempfile, termios, time
from datetime import datetime, timezone

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import transcript  # noqa: E402
from process_figures import cpu_ns, memory  # noqa: E402
from terminal_answers import TerminalAnswers  # noqa: E402

ROWS, COLUMNS = 60, 200
ESCAPES = re.compile(rb"\x1b\[[0-9;?<>=!]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1bP[^\x1b]*\x1b\\|\x1b[()][0-9A-Za-z]|\x1b[=>78MDEc]")
TAG = re.compile(r"(?:%s){4,5}" % "|".join(transcript.SYLLABLES))


def cpu_seconds(pid):
    return cpu_ns(pid) / 1e9


class Session:
    """A program in a pseudo-terminal, with everything it wrote kept for tag counting."""

    # Set by --terminal libvterm: every session's output then goes through an emulator
    # whose answers are written back.
    answers = False

    def __init__(self, argv, environment=None):
        self.terminal = TerminalAnswers(ROWS, COLUMNS) if Session.answers else None
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.environ.update(TERM="xterm-256color", COLORTERM="truecolor", LANG="C.UTF-8", LC_ALL="C.UTF-8")
            os.environ.update(environment or {})
            os.execvp(argv[0], argv)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
        os.kill(self.pid, 28)  # SIGWINCH, in case it read the size before it was set
        self.kept = bytearray()
        self.application_cursor = False

    def note_modes(self, data):
        """Follows DECCKM: with it set (less sets it), a terminal sends ESC O A for Up."""
        on, off = data.rfind(b"\x1b[?1h"), data.rfind(b"\x1b[?1l")
        if on != off:
            self.application_cursor = on > off

    def drain(self, idle, limit=120.0, keep=True):
        """Reads until nothing arrives for `idle` seconds; returns the byte count."""
        total, deadline = 0, time.time() + limit
        while time.time() < deadline:
            ready, _, _ = select.select([self.fd], [], [], idle)
            if not ready:
                return total
            try:
                data = os.read(self.fd, 1 << 16)
            except OSError:
                return total
            if not data:
                return total
            total += len(data)
            if self.terminal:
                answer = self.terminal.feed(data)
                if answer:
                    os.write(self.fd, answer)
            self.note_modes(data)
            if keep:
                self.kept += data
        return total

    def tags_seen(self, known):
        text = ESCAPES.sub(b"", bytes(self.kept)).decode("utf-8", "ignore")
        self.kept.clear()
        return {known[word] for word in TAG.findall(text) if word in known}

    def press(self, sequence, presses, idle):
        if self.application_cursor and sequence.startswith(b"\x1b[") and len(sequence) == 3:
            sequence = b"\x1bO" + sequence[2:]
        cpu, written = cpu_seconds(self.pid), 0
        for _ in range(presses):
            os.write(self.fd, sequence)
            written += self.drain(idle)
        return written, cpu_seconds(self.pid) - cpu

    def end(self, keys):
        os.write(self.fd, keys)
        self.drain(0.5, limit=5, keep=False)
        try:
            os.kill(self.pid, 15)
        except ProcessLookupError:
            pass
        os.waitpid(self.pid, 0)
        os.close(self.fd)
        if self.terminal:
            self.terminal.close()


# The key each program scrolls one row with, where it is not Up.
ROW_KEYS = {"parley": b"\x1b[1;5A"}


def parley(path, binary):
    return Session([binary, "--transcript", path]), b"\x1b", b"\x03"


WEECHAT_LOADER = r'''
import weechat
weechat.register("parley_transcript", "parley", "1", "MIT", "loads a transcript", "", "")
buffer = weechat.buffer_new("chat", "", "", "", "")
with open(PATH, encoding="utf-8") as lines:
    for line in lines:
        when, name, text = line.rstrip("\n").split("\t", 2)
        weechat.prnt_date_tags(buffer, int(when), "", name + "\t" + text)
weechat.buffer_set(buffer, "display", "1")
'''


def weechat(path, home):
    os.makedirs(home, exist_ok=True)
    loader = os.path.join(home, "parley_transcript.py")
    with open(loader, "w") as f:
        f.write(f"PATH = {path!r}\n" + WEECHAT_LOADER)
    commands = ";".join([
        "/set weechat.history.max_buffer_lines_number 0",
        "/set weechat.history.max_buffer_lines_minutes 0",
        "/set weechat.look.buffer_time_format %H:%M",
        "/key bind meta2-A /window scroll -1",
        "/key bind meta-z /window scroll_bottom",
        f"/python load {loader}",
    ])
    session = Session(["weechat", "-a", "-d", home, "-r", commands])
    return session, b"\x1bz", b"/quit\r"  # the newest line (bound above), then quit


def less(path, home):
    plain = os.path.join(home, "transcript.txt")
    with open(path, encoding="utf-8") as source, open(plain, "w", encoding="utf-8") as out:
        for line in source:
            when, name, text = line.rstrip("\n").split("\t", 2)
            clock = datetime.fromtimestamp(int(when), timezone.utc).strftime("%H:%M")
            out.write(f"{clock} {name}: {text}\n")
    return Session(["less", "+G", plain], {"LESS": "", "LESSHISTFILE": "-"}), b"G", b"q"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--lines", type=int, default=100_000)
    parser.add_argument("--presses", type=int, default=300)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--binary", default=".build/release/parley-demo")
    parser.add_argument("--only", default="parley,weechat,less")
    parser.add_argument("--keys", default="Up,PageUp", help="the keys to press, of Up and PageUp")
    parser.add_argument("--terminal", choices=["none", "libvterm"], default="none",
                        help="who answers the programs' queries: nobody, or libvterm")
    args = parser.parse_args()
    Session.answers = args.terminal == "libvterm"
    home = tempfile.mkdtemp(prefix="parley-measure-")
    path = os.path.join(home, "transcript.tsv")
    known = {word: index for index, word in enumerate(transcript.write(path, args.lines))}
    programs = [name for name in args.only.split(",") if name != "weechat" or shutil.which("weechat")]
    keys = [("Up", b"\x1b[A", "one row"), ("PageUp", b"\x1b[5~", "one page")]
    keys = [key for key in keys if key[0] in args.keys.split(",")]
    results = {}
    for run in range(args.runs):
        for name in programs:
            if name == "parley":
                session, home_key, quit_key = parley(path, args.binary)
            elif name == "weechat":
                session, home_key, quit_key = weechat(path, os.path.join(home, f"weechat-{run}"))
            else:
                session, home_key, quit_key = less(path, home)
            session.drain(1.5, limit=180)
            for key, sequence, _ in keys:
                session.tags_seen(known)
                if key == "Up":
                    sequence = ROW_KEYS.get(name, sequence)
                written, cpu = session.press(sequence, args.presses, idle=0.03)
                messages = len(session.tags_seen(known))
                results.setdefault((name, key), []).append((written / args.presses, cpu / args.presses * 1000, messages))
                os.write(session.fd, home_key)
                session.drain(0.5, keep=False)
            results.setdefault((name, "memory"), []).append(memory(session.pid))
            session.end(quit_key)
    answered = "queries answered by libvterm" if Session.answers else "no query answered"
    print(f"{args.lines} transcript lines (scripts/transcript.py), {COLUMNS}x{ROWS} pty ({answered}), "
          f"{args.presses} presses per key, median of {args.runs} runs")
    print()
    print("| program | key | bytes per press | CPU per press | messages brought on screen | RSS at end / peak |")
    print("|---|---|---|---|---|---|")
    for name in programs:
        rss = statistics.median(r for r, _ in results[(name, "memory")])
        peak = statistics.median(p for _, p in results[(name, "memory")])
        for key, _, what in keys:
            rows = results[(name, key)]
            size = statistics.median(r[0] for r in rows)
            cpu = statistics.median(r[1] for r in rows)
            spread = f"{min(r[1] for r in rows):.2f}–{max(r[1] for r in rows):.2f}"
            messages = statistics.median(r[2] for r in rows)
            label = {"parley": "parley-demo", "weechat": "WeeChat", "less": "less"}[name]
            print(f"| {label} | {key} ({what}) | {size:.0f} B | {cpu:.2f} ms ({spread}) | {messages:.0f} | {rss:.0f} / {peak:.0f} MB |")
    shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
