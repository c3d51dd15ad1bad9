#!/usr/bin/env python3
"""Where a scroll step's CPU goes, frame phase by frame phase: the GTK demo beside the floors.

`measure-gtk.py` gives a step's CPU as one figure. This harness drives the same programs
the same way (Xvfb, the cairo renderer, a window manager and a session bus announced,
XTest wheel clicks and Page Up presses, each step after the screen went quiet) with
`gtk-phases.c` loaded into them, which splits the main thread's CPU time among the phases
of the window's frame clock:

- between frames: input events and their handlers (a wheel click's scroll, a key's
  page), idle callbacks;
- before-paint;
- update: tick callbacks; "of it, ticks" is what was added from outside GTK (the
  Parley list's frame: the presenter's frame, rows filled), the rest GTK's own;
- layout: CSS, size allocation;
- paint: snapshot and rendering (GSK's cairo renderer);
- after-paint.

"process" is the CPU of every thread of the program over the same steps, as
`measure-gtk.py` reads it. The shim is built with `cc` and GTK's pkg-config flags.

`--trace N` also prints the frames of the last N steps of each kind one by one (the
phases of each frame a step caused, in the order they ran), to see how a step's work is
spread over frames.

    swift build -c release --product parley-gtk-demo && swift build -c release --product parley-bench
    python3 scripts/gtk-phases.py [--lines 1000000] [--clicks 60] [--pages 20] [--runs 1] [--trace 5]
"""
import argparse, importlib.util, os, shutil, signal, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import transcript  # noqa: E402
from process_figures import cpu_ns  # noqa: E402

spec = importlib.util.spec_from_file_location("measure_gtk", os.path.join(HERE, "measure-gtk.py"))
harness = importlib.util.module_from_spec(spec)
spec.loader.exec_module(harness)

COLUMNS = ["between frames", "before-paint", "update", "of it, ticks", "layout", "paint", "after-paint"]


def build_shim(folder):
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "gtk4"], capture_output=True, text=True, check=True)
    shim = os.path.join(folder, "gtk-phases.so")
    subprocess.run(["cc", "-shared", "-fPIC", "-O2", "-Wall", "-o", shim, os.path.join(HERE, "gtk-phases.c")]
                   + flags.stdout.split() + ["-ldl"], check=True)
    return shim


def read_report(log, offset):
    """The last report line written after `offset`: frames, per-slot sums, ticks."""
    with open(log, errors="replace") as f:
        f.seek(offset)
        lines = [line.split()[1:] for line in f if line.startswith("gtk-phases ")]
    fields = lines[-1]
    return int(fields[0]), [float(v) for v in fields[1:8]], int(fields[8])


def read_frames(log, offset):
    """The traced frames written after `offset`: (end in ms of CLOCK_MONOTONIC, phases)."""
    with open(log, errors="replace") as f:
        f.seek(offset)
        return [(float(line.split()[1]), [float(v) for v in line.split()[2:]])
                for line in f if line.startswith("gtk-phases-frame ")]


def print_trace(program, step, starts, frames):
    """Each step's frames (those ending after it was sent and before the next step)."""
    print(f"{program}, {step}: each frame's main-thread CPU (ms), from the step sent")
    for index, sent in enumerate(starts):
        until = starts[index + 1] if index + 1 < len(starts) else float("inf")
        mine = [(end, phases) for end, phases in frames if sent < end <= until]
        cells = "; ".join(f"+{end - sent:.1f} ms: between {p[0]:.2f}, update {p[2]:.2f} (ticks {p[6]:.2f}), "
                          f"layout {p[3]:.2f}, paint {p[4]:.2f}" for end, p in mine)
        print(f"  step {index + 1}: {len(mine)} frames: {cells}")


def run(x, argv, config, shim, log, clicks, pages, trace=0, name=""):
    env = dict(os.environ, GSK_RENDERER="cairo", GTK_A11Y="none", XDG_CONFIG_HOME=config, LD_PRELOAD=shim)
    if trace:
        env["GTK_PHASES_TRACE"] = "1"
    with open(log, "w") as err:
        process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=err, env=env)
    started = time.monotonic()
    while not x.paints(1.0) and process.poll() is None and time.monotonic() - started < 120:
        pass
    x.paints(1.5)
    x.move(harness.WIDTH // 2, harness.HEIGHT // 3)
    x.paints(harness.QUIET)
    # What a step draws the first time (fonts, glyphs) is not what the comparison is about.
    for button in [4] * 10 + [5] * 10:
        x.click(button)
        x.paints(harness.QUIET)
    results = {}
    program = name
    for name, count, act in (("wheel click", clicks, lambda: x.click(4)), ("Page Up", pages, lambda: x.key(x.page_up))):
        process.send_signal(signal.SIGUSR1)
        x.paints(harness.QUIET)
        offset = os.path.getsize(log)
        before = cpu_ns(process.pid)
        sent = []
        for _ in range(count):
            sent.append(time.monotonic() * 1000)
            act()
            x.paints(harness.QUIET)
        process_ms = (cpu_ns(process.pid) - before) / 1e6 / count
        process.send_signal(signal.SIGUSR1)
        x.paints(harness.QUIET)
        frames, sums, ticks = read_report(log, offset)
        between, before_paint, update, layout, paint, after, tick = sums
        per_step = [between, before_paint, update, tick, layout, paint, after]
        results[name] = {"frames": frames / count, "phases": [v / count for v in per_step],
                         "main": (between + before_paint + update + layout + paint + after) / count,
                         "process": process_ms}
        if trace:
            print_trace(program, name, sent[-trace:], read_frames(log, offset))
    harness.stop(process, x)
    return results


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--lines", type=int, default=1000000)
    parser.add_argument("--clicks", type=int, default=60)
    parser.add_argument("--pages", type=int, default=20)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--trace", type=int, default=0, help="print the frames of the last N steps of each kind")
    parser.add_argument("--demo", default=".build/release/parley-gtk-demo")
    parser.add_argument("--bench", default=".build/release/parley-bench")
    args = parser.parse_args()
    if not os.environ.get("DISPLAY"):
        if not shutil.which("xvfb-run"):
            sys.exit("gtk-phases: no display and no xvfb-run (apt-get install xvfb)")
        os.execvp("xvfb-run", ["xvfb-run", "-a", "-s", "-screen 0 1280x1024x24", sys.executable] + sys.argv)
    x = harness.X()
    x.announce_window_manager()
    bus = harness.start_session_bus()
    home = tempfile.mkdtemp(prefix="parley-gtk-phases-")
    config = harness.settings(home)
    shim = build_shim(home)
    path = os.path.join(home, f"transcript-{args.lines}.tsv")
    transcript.write(path, args.lines)
    size = f"{harness.WIDTH}x{harness.HEIGHT}"
    programs = {
        "parley-gtk-demo": [args.demo, "--transcript", path, "--size", size, "--theme", "light"],
        "GTK floor (one drawing)": [args.bench, "gtk-floor", "--size", size],
        "text floor (new text, no widgets)": [args.bench, "gtk-text-floor", "--transcript", path, "--size", size],
    }
    rows = []
    try:
        for run_index in range(args.runs):
            for name, argv in programs.items():
                results = run(x, argv, config, shim, os.path.join(home, "stderr.log"), args.clicks, args.pages, args.trace, name)
                for step, figures in results.items():
                    rows.append((step, name, run_index, figures))
    finally:
        if bus:
            bus.terminate()
        shutil.rmtree(home, ignore_errors=True)
    print(f"{args.lines:,} lines, {harness.WIDTH}x{harness.HEIGHT}, GSK_RENDERER=cairo; main thread's CPU a step "
          f"(ms), by frame phase; {args.clicks} clicks and {args.pages} Page Ups a run\n")
    print("| step | program | run | frames | " + " | ".join(COLUMNS) + " | main thread | process |")
    print("|---" * (len(COLUMNS) + 6) + "|")
    for step, name, run_index, figures in sorted(rows, key=lambda r: (r[0] != "wheel click", r[1], r[2])):
        cells = " | ".join(f"{v:.2f}" for v in figures["phases"])
        print(f"| {step} | {name} | {run_index + 1} | {figures['frames']:.1f} | {cells} | "
              f"{figures['main']:.2f} | {figures['process']:.2f} |")


if __name__ == "__main__":
    main()
