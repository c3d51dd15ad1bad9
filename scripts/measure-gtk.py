#!/usr/bin/env python3
"""Measures the GTK demo from outside, as an X server sees it, beside a GtkListView peer
and two floors: GTK itself, and a plain widgetless list of the same text.

Each program is started on the same realistic transcript (scripts/transcript.py) in a
480x800 window on Xvfb with the cairo renderer, and driven with XTest (real button and
key events through the X server, as a mouse and a keyboard make them). The harness
watches the screen with the X DAMAGE extension (every rectangle drawn to the screen is
reported with the server's time) and reads the program's CPU time from
/proc/PID/task/*/schedstat (nanoseconds, every thread). It reports:

- exec -> first paint: from starting the program to the first thing it draws, the median
  of the start the steps below are measured in and `--starts` more after it (the range in
  brackets). The first program a fresh X server runs sometimes takes several times its
  usual start (see docs/BENCHMARKS.md); a desktop's server is never fresh, so one start
  alone would often measure the harness;
- exec -> idle: to the last paint before 1.5 s of quiet (the list settled at the newest);
- per wheel click, one click at a time (the next when the screen has been quiet for
  0.25 s): the CPU the program used, the paints the click caused (bursts of damage less
  than 4 ms apart are one paint), and the latency from the click to its first paint;
- a fast spin: 100 clicks 16 ms apart (a wheel turned quickly), each sent on its time
  whatever the screen is doing; how many clicks were followed by a paint before the next
  click, and the CPU per click;
- per Page Up, one at a time: CPU, paints and latency, as for the wheel;
- back and forth: the CPU of wheel clicks and of pages that alternate up and down, so
  that every step brings back rows just shown (a user checking what they scrolled past);
- resident memory at the end and its peak.

A desktop has a window manager; Xvfb alone has none. Without one, GDK 4.8 asks the X
server on every frame whether one has appeared (`_NET_SUPPORTING_WM_CHECK`, about 29
round trips a wheel click, against 2 with one announced), which no user's desktop pays. So the
harness announces a window manager the EWMH way before it starts a program: a check
window named in `_NET_SUPPORTING_WM_CHECK`, and `_NET_SUPPORTED` listing `_NET_WORKAREA`
(with the whole screen as the work area), as a plain, non-compositing window manager
does. It does not manage windows: no frames, no focus policy (Xvfb's focus follows the
pointer). `--no-wm` leaves the bare server, as the figures before this change had.

A desktop session also has a D-Bus session bus. Without one, GTK 4.8 autolaunches a bus
(`dbus-launch`, which starts a `dbus-daemon`) while it initializes, and a GtkApplication
asks again when it registers: about 30 ms of each start that no desktop pays, and a
daemon left behind by every run. So the harness starts a private session bus for its
programs (`dbus-daemon --session`) when none is set; `--no-session-bus` leaves it out.

The peer is `parley-bench gtk-peer` (a GtkListView of wrapped GtkLabels, "Sender: text",
what a GTK developer writes by hand). The floor is `parley-bench gtk-floor`: a
GtkScrolledWindow over one drawing of 500 bubbles recorded once and only replayed, with
a scroll bar beside it as the demo has; what GTK itself costs a scroll step, with no
widget per row and nothing laid out or drawn anew (`--no-floor` leaves it out; it does not
read the transcript). The text floor is `parley-bench gtk-text-floor`: the same transcript
as bubbles in one drawing area, each message laid out and shaped by Pango once, with no
widget per row; what a step that brings new text costs in GTK, Pango and cairo alone
(`--no-text-floor` leaves it out). The programs take turns; each figure is the median of --runs runs.
Needs Xvfb (it starts one with xvfb-run when DISPLAY is unset), libX11, libXdamage and
libXtst (GTK's own dependencies).

    swift build -c release --product parley-gtk-demo && swift build -c release --product parley-bench
    python3 scripts/measure-gtk.py [--lines 10000,1000000] [--clicks 100] [--runs 3]
"""
import argparse, ctypes, ctypes.util, os, select, shutil, statistics, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import transcript  # noqa: E402
from process_figures import cpu_ns, memory  # noqa: E402

WIDTH, HEIGHT = 480, 800
QUIET = 0.25
BURST = 0.004


class X:
    """The few Xlib, DAMAGE and XTest calls the harness needs, through ctypes."""

    def __init__(self):
        self.xlib = ctypes.CDLL("libX11.so.6")
        self.damage = ctypes.CDLL("libXdamage.so.1")
        self.xtst = ctypes.CDLL("libXtst.so.6")
        self.xlib.XOpenDisplay.restype = ctypes.c_void_p
        self.xlib.XOpenDisplay.argtypes = [ctypes.c_char_p]
        self.display = self.xlib.XOpenDisplay(None)
        if not self.display:
            sys.exit("measure-gtk: cannot open the display")
        d = ctypes.c_void_p
        self.xlib.XDefaultRootWindow.restype = ctypes.c_ulong
        self.xlib.XDefaultRootWindow.argtypes = [d]
        self.xlib.XConnectionNumber.argtypes = [d]
        self.xlib.XPending.argtypes = [d]
        self.xlib.XNextEvent.argtypes = [d, ctypes.c_void_p]
        self.xlib.XFlush.argtypes = [d]
        self.xlib.XSync.argtypes = [d, ctypes.c_int]
        self.xlib.XKeysymToKeycode.argtypes = [d, ctypes.c_ulong]
        self.xlib.XKeysymToKeycode.restype = ctypes.c_ubyte
        self.damage.XDamageQueryExtension.argtypes = [d, ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int)]
        self.damage.XDamageCreate.argtypes = [d, ctypes.c_ulong, ctypes.c_int]
        self.damage.XDamageCreate.restype = ctypes.c_ulong
        self.xlib.XGetImage.argtypes = [d, ctypes.c_ulong, ctypes.c_int, ctypes.c_int, ctypes.c_uint, ctypes.c_uint, ctypes.c_ulong, ctypes.c_int]
        self.xlib.XGetImage.restype = ctypes.c_void_p
        self.xlib.XFree.argtypes = [ctypes.c_void_p]
        self.xtst.XTestFakeButtonEvent.argtypes = [d, ctypes.c_uint, ctypes.c_int, ctypes.c_ulong]
        self.xtst.XTestFakeKeyEvent.argtypes = [d, ctypes.c_uint, ctypes.c_int, ctypes.c_ulong]
        self.xtst.XTestFakeMotionEvent.argtypes = [d, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_ulong]
        base, error = ctypes.c_int(), ctypes.c_int()
        if not self.damage.XDamageQueryExtension(self.display, ctypes.byref(base), ctypes.byref(error)):
            sys.exit("measure-gtk: the X server has no DAMAGE extension")
        self.notify = base.value  # XDamageNotify is the extension's first event
        root = self.xlib.XDefaultRootWindow(self.display)
        self.root = root
        # On the root window, raw rectangles: every drawing to any window is reported.
        self.damage.XDamageCreate(self.display, root, 0)
        self.xlib.XSync(self.display, 0)
        self.fd = self.xlib.XConnectionNumber(self.display)
        self.event = ctypes.create_string_buffer(192)
        self.page_up = self.xlib.XKeysymToKeycode(self.display, 0xFF55)
        self.page_down = self.xlib.XKeysymToKeycode(self.display, 0xFF56)
        self.xlib.XInternAtom.argtypes = [d, ctypes.c_char_p, ctypes.c_int]
        self.xlib.XInternAtom.restype = ctypes.c_ulong
        self.xlib.XCreateSimpleWindow.argtypes = [d, ctypes.c_ulong, ctypes.c_int, ctypes.c_int, ctypes.c_uint, ctypes.c_uint,
                                                  ctypes.c_uint, ctypes.c_ulong, ctypes.c_ulong]
        self.xlib.XCreateSimpleWindow.restype = ctypes.c_ulong
        self.xlib.XChangeProperty.argtypes = [d, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_int, ctypes.c_int,
                                              ctypes.c_void_p, ctypes.c_int]
        self.xlib.XDeleteProperty.argtypes = [d, ctypes.c_ulong, ctypes.c_ulong]
        self.xlib.XDefaultScreen.argtypes = [d]
        self.xlib.XDisplayWidth.argtypes = self.xlib.XDisplayHeight.argtypes = [d, ctypes.c_int]
        self.announced = False
        self.paints(0.2)  # whatever was reported before the harness started

    def announce_window_manager(self):
        """Says a window manager runs (see the module's notes); the check window lives as
        long as this connection, and `withdraw_window_manager` takes the root's
        properties back."""
        atom = lambda name: self.xlib.XInternAtom(self.display, name.encode(), 0)
        window_type, atom_type, cardinal = 33, 4, 6  # XA_WINDOW, XA_ATOM, XA_CARDINAL
        check = self.xlib.XCreateSimpleWindow(self.display, self.root, -10, -10, 1, 1, 0, 0, 0)
        own = (ctypes.c_long * 1)(check)
        self.xlib.XChangeProperty(self.display, check, atom("_NET_SUPPORTING_WM_CHECK"), window_type, 32, 0, own, 1)
        name = b"measure-gtk"
        self.xlib.XChangeProperty(self.display, check, atom("_NET_WM_NAME"), atom("UTF8_STRING"), 8, 0, name, len(name))
        supported = (ctypes.c_long * 1)(atom("_NET_WORKAREA"))
        self.xlib.XChangeProperty(self.display, self.root, atom("_NET_SUPPORTED"), atom_type, 32, 0, supported, 1)
        screen = self.xlib.XDefaultScreen(self.display)
        area = (ctypes.c_long * 4)(0, 0, self.xlib.XDisplayWidth(self.display, screen), self.xlib.XDisplayHeight(self.display, screen))
        self.xlib.XChangeProperty(self.display, self.root, atom("_NET_WORKAREA"), cardinal, 32, 0, area, 4)
        self.xlib.XChangeProperty(self.display, self.root, atom("_NET_SUPPORTING_WM_CHECK"), window_type, 32, 0, own, 1)
        self.xlib.XSync(self.display, 0)
        self.announced = True

    def withdraw_window_manager(self):
        if not self.announced:
            return
        for name in ("_NET_SUPPORTING_WM_CHECK", "_NET_SUPPORTED", "_NET_WORKAREA"):
            self.xlib.XDeleteProperty(self.display, self.root, self.xlib.XInternAtom(self.display, name.encode(), 0))
        self.xlib.XSync(self.display, 0)
        self.announced = False

    def screen(self):
        """A hash of the window's area on screen (to tell whether a step moved anything)."""
        image = self.xlib.XGetImage(self.display, self.root, 0, 0, WIDTH, HEIGHT, 0xFFFFFFFF, 2)  # ZPixmap
        if not image:
            return None
        data = ctypes.c_void_p.from_address(image + 16).value
        stride = ctypes.c_int.from_address(image + 44).value
        digest = hash(ctypes.string_at(data, stride * HEIGHT))
        self.xlib.XFree(data)
        self.xlib.XFree(image)
        return digest

    def paints(self, timeout):
        """Damage times (harness clock) until nothing is drawn for `timeout` seconds."""
        times = []
        while True:
            if not self.xlib.XPending(self.display):
                ready, _, _ = select.select([self.fd], [], [], timeout)
                if not ready:
                    return times
            self.take_damage(times)

    def paints_until(self, deadline):
        """Damage times (harness clock) until `deadline` (a time.monotonic() value), however
        busy the screen is: what paces clicks sent on a schedule."""
        times = []
        while (left := deadline - time.monotonic()) > 0:
            if not self.xlib.XPending(self.display) and not select.select([self.fd], [], [], left)[0]:
                break
            self.take_damage(times)
        return times

    def take_damage(self, times):
        """Reads the events received so far, adding each damage's time to `times`."""
        while self.xlib.XPending(self.display):
            self.xlib.XNextEvent(self.display, self.event)
            kind = int.from_bytes(self.event.raw[0:4], "little") & 0x7F
            if kind == self.notify:
                times.append(time.monotonic())

    def move(self, x, y):
        self.xtst.XTestFakeMotionEvent(self.display, -1, x, y, 0)
        self.xlib.XFlush(self.display)

    def click(self, button):
        self.xtst.XTestFakeButtonEvent(self.display, button, 1, 0)
        self.xtst.XTestFakeButtonEvent(self.display, button, 0, 0)
        self.xlib.XFlush(self.display)

    def key(self, code):
        self.xtst.XTestFakeKeyEvent(self.display, code, 1, 0)
        self.xtst.XTestFakeKeyEvent(self.display, code, 0, 0)
        self.xlib.XFlush(self.display)


def bursts(times):
    """Paint count: damage less than BURST apart is one paint."""
    count, last = 0, None
    for t in times:
        if last is None or t - last > BURST:
            count += 1
        last = t
    return count


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else 0


def steps(x, pid, count, act):
    """One action at a time, each after the screen went quiet: per-step figures."""
    cpu, paints, latencies, unpainted, still = [], [], [], 0, 0
    shown = x.screen()
    for _ in range(count):
        before = cpu_ns(pid)
        sent = time.monotonic()
        act()
        times = x.paints(QUIET)
        cpu.append((cpu_ns(pid) - before) / 1e6)
        paints.append(bursts(times))
        if times:
            latencies.append((times[0] - sent) * 1000)
        else:
            unpainted += 1
        now = x.screen()
        still += now == shown
        shown = now
    return {
        "cpu": statistics.median(cpu), "cpu_mean": statistics.mean(cpu),
        "paints": statistics.mean(paints), "latency": statistics.median(latencies) if latencies else 0,
        "latency_p95": percentile(latencies, 0.95), "unpainted": unpainted, "still": still,
    }


def alternately(first, second):
    """An action that does `first`, then `second`, then `first` again, and so on."""
    count = [0]

    def act():
        (first if count[0] % 2 == 0 else second)()
        count[0] += 1
    return act


def spin(x, pid, count, interval=0.016):
    """`count` clicks `interval` apart: how many were followed by a paint before the next."""
    before = cpu_ns(pid)
    sent = []
    start = time.monotonic()
    times = []
    for n in range(count):
        # Each click on its time: waiting for the screen to go quiet would send a click
        # late whenever a program's paint is reported in several pieces, and the next one
        # right after it, so that both fell in one frame.
        times += x.paints_until(start + n * interval)
        sent.append(time.monotonic())
        x.click(4)
    times += x.paints(QUIET * 2)
    cpu = (cpu_ns(pid) - before) / 1e6
    painted = sum(1 for i, t in enumerate(sent)
                  if any(t < p <= (sent[i + 1] if i + 1 < len(sent) else t + 0.1) for p in times))
    return {"painted": painted, "cpu": cpu / count, "paints": bursts(times)}


def settings(home):
    """A GTK settings file that stops the text cursor blinking: a blink is a paint every
    half second that no step caused (the peer has no cursor)."""
    folder = os.path.join(home, "config", "gtk-4.0")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "settings.ini"), "w") as f:
        f.write("[Settings]\ngtk-cursor-blink=false\n")
    return os.path.join(home, "config")


def start_session_bus():
    """A private D-Bus session bus for the programs, as a desktop session has one; None
    when one is set already or dbus-daemon is missing."""
    if os.environ.get("DBUS_SESSION_BUS_ADDRESS") or not shutil.which("dbus-daemon"):
        return None
    daemon = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address=1"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    address = daemon.stdout.readline().strip()
    if not address:
        daemon.kill()
        return None
    os.environ["DBUS_SESSION_BUS_ADDRESS"] = address
    return daemon


def start(x, argv, config):
    """Starts `argv` and waits for its first paint: the process, the time it was started and
    the paints seen so far (the first is the first paint)."""
    x.paints(0.3)
    started = time.monotonic()
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               env=dict(os.environ, GSK_RENDERER="cairo", GTK_A11Y="none", XDG_CONFIG_HOME=config))
    times = []
    # The first paint may come after a long silence (reading a big transcript).
    while not times and process.poll() is None and time.monotonic() - started < 120:
        times = x.paints(1.0)
    if not times:
        process.kill()
        sys.exit(f"measure-gtk: {argv[0]} drew nothing")
    return process, started, times


def first_paints(x, argv, config, count):
    """Exec -> first paint, in milliseconds, of `count` starts of `argv` one after another."""
    firsts = []
    for _ in range(count):
        process, started, times = start(x, argv, config)
        firsts.append((times[0] - started) * 1000)
        x.paints(0.5)
        stop(process, x)
    return firsts


def measure(x, argv, clicks, config, starts=0):
    process, started, times = start(x, argv, config)
    first = times[0] - started
    more = x.paints(1.5)
    idle = (more or times)[-1] - started
    x.move(WIDTH // 2, HEIGHT // 3)
    x.paints(QUIET)
    result = {"first": first * 1000, "idle": idle * 1000}
    result["wheel"] = steps(x, process.pid, clicks, lambda: x.click(4))
    result["spin"] = spin(x, process.pid, clicks)
    result["page"] = steps(x, process.pid, max(10, clicks // 3), lambda: x.key(x.page_up))
    result["wheel_back"] = steps(x, process.pid, clicks, alternately(lambda: x.click(5), lambda: x.click(4)))
    result["page_back"] = steps(x, process.pid, max(10, clicks // 3),
                                alternately(lambda: x.key(x.page_down), lambda: x.key(x.page_up)))
    result["memory"] = memory(process.pid)
    stop(process, x)
    result["firsts"] = [result["first"]] + first_paints(x, argv, config, starts)
    return result


def stop(process, x):
    """Ends a measured program and lets the screen settle."""
    process.terminate()
    try:
        process.wait(5)
    except subprocess.TimeoutExpired:
        process.kill()
    x.paints(0.3)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--lines", default="10000,1000000")
    parser.add_argument("--clicks", type=int, default=100)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--demo", default=".build/release/parley-gtk-demo")
    parser.add_argument("--bench", default=".build/release/parley-bench")
    parser.add_argument("--no-wm", action="store_true", help="no window manager announced (a bare X server)")
    parser.add_argument("--no-session-bus", action="store_true", help="no D-Bus session bus started for the programs")
    parser.add_argument("--no-floor", action="store_true", help="leave out the floor (parley-bench gtk-floor)")
    parser.add_argument("--no-text-floor", action="store_true",
                        help="leave out the text floor (parley-bench gtk-text-floor)")
    parser.add_argument("--starts", type=int, default=4,
                        help="starts timed to the first paint after each measured one (their median is reported)")
    args = parser.parse_args()
    if not os.environ.get("DISPLAY"):
        if not shutil.which("xvfb-run"):
            sys.exit("measure-gtk: no display and no xvfb-run (apt-get install xvfb)")
        os.execvp("xvfb-run", ["xvfb-run", "-a", "-s", "-screen 0 1280x1024x24", sys.executable] + sys.argv)
    x = X()
    if not args.no_wm:
        x.announce_window_manager()
    had_bus = bool(os.environ.get("DBUS_SESSION_BUS_ADDRESS"))
    bus = None if args.no_session_bus else start_session_bus()
    home = tempfile.mkdtemp(prefix="parley-measure-gtk-")
    table = []
    config = settings(home)
    for lines in [int(n) for n in args.lines.split(",")]:
        path = os.path.join(home, f"transcript-{lines}.tsv")
        transcript.write(path, lines)
        programs = {
            "parley-gtk-demo": [args.demo, "--transcript", path, "--size", f"{WIDTH}x{HEIGHT}", "--theme", "light"],
            "GtkListView peer": [args.bench, "gtk-peer", "--transcript", path, "--size", f"{WIDTH}x{HEIGHT}"],
        }
        if not args.no_floor:
            programs["GTK floor (one drawing)"] = [args.bench, "gtk-floor", "--size", f"{WIDTH}x{HEIGHT}"]
        if not args.no_text_floor:
            programs["text floor (new text, no widgets)"] = [
                args.bench, "gtk-text-floor", "--transcript", path, "--size", f"{WIDTH}x{HEIGHT}"]
        results = {name: [] for name in programs}
        for _ in range(args.runs):
            for name, argv in programs.items():
                results[name].append(measure(x, argv, args.clicks, config, args.starts))
        for name, runs in results.items():
            def med(f):
                return statistics.median(f(r) for r in runs)
            firsts = [f for r in runs for f in r["firsts"]]
            table.append((lines, name, (statistics.median(firsts), min(firsts), max(firsts)), med(lambda r: r["idle"]),
                          med(lambda r: r["wheel"]["cpu"]), med(lambda r: r["wheel"]["paints"]),
                          med(lambda r: r["wheel"]["latency"]), med(lambda r: r["wheel"]["latency_p95"]),
                          med(lambda r: r["wheel"]["unpainted"] + r["wheel"]["still"]),
                          med(lambda r: r["spin"]["painted"]), med(lambda r: r["spin"]["cpu"]),
                          med(lambda r: r["page"]["cpu"]), med(lambda r: r["page"]["paints"]),
                          med(lambda r: r["page"]["latency_p95"]), med(lambda r: r["page"]["still"]),
                          med(lambda r: r["wheel_back"]["cpu"]), med(lambda r: r["page_back"]["cpu"]),
                          med(lambda r: r["memory"][0]), med(lambda r: r["memory"][1])))
    shutil.rmtree(home, ignore_errors=True)
    x.withdraw_window_manager()
    if bus:
        bus.terminate()
        bus.wait()
    wm = "no window manager" if args.no_wm else "a window manager announced (EWMH)"
    session = "a private session bus" if bus else "the session bus given" if had_bus else "no session bus"
    print(f"{WIDTH}x{HEIGHT} window, Xvfb, {wm}, {session}, GSK_RENDERER=cairo, realistic transcript (scripts/transcript.py), "
          f"{args.clicks} clicks, median of {args.runs} runs; first paint: median (range) of {1 + args.starts} starts a run")
    print()
    print("| lines | program | exec → first paint | exec → idle | wheel click: CPU | paints per click | "
          "click → paint median / p95 | clicks that moved nothing | fast spin: clicks painted | spin CPU per click | "
          "Page Up: CPU | paints | p95 latency | presses that moved nothing | back and forth: wheel / page CPU | "
          "RSS end / peak |")
    print("|" + "---|" * 18)
    for row in table:
        lines, name = row[0], row[1]
        (first, idle, wcpu, wpaints, wlat, wp95, unpainted, spun, spincpu, pcpu, ppaints, pp95, pstill,
         bwcpu, bpcpu, rss, peak) = row[2:]
        print(f"| {lines:,} | {name} | {first[0]:.0f} ms ({first[1]:.0f}–{first[2]:.0f}) | {idle:.0f} ms | {wcpu:.2f} ms | {wpaints:.1f} | "
              f"{wlat:.1f} / {wp95:.1f} ms | {unpainted:.0f} | {spun:.0f} of {args.clicks} | {spincpu:.2f} ms | "
              f"{pcpu:.2f} ms | {ppaints:.1f} | {pp95:.1f} ms | {pstill:.0f} | {bwcpu:.2f} / {bpcpu:.2f} ms | "
              f"{rss:.0f} / {peak:.0f} MB |")


if __name__ == "__main__":
    main()
