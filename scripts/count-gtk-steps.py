#!/usr/bin/env python3
"""Counts the instructions the GTK demo spends on one scroll step, with callgrind.

Time measured from outside (scripts/measure-gtk.py) moves by a tenth between runs on a
shared machine; an instruction count moves by a few hundredths of a percent. So a change
to the GTK front end's drawing can be weighed here first, then confirmed from outside.

The demo runs under valgrind's callgrind on Xvfb with the cairo renderer, in a 480x800
window on the realistic transcript (scripts/transcript.py), driven by its own --script:
it waits for the start to settle, then scrolls --steps times by --by points (-56 is a
wheel click's step upwards, -700 about a page), far enough apart (--wait) that each step
is its own frame even at valgrind's pace: steps that came faster would be drawn together,
and the count would follow the machine's speed. The same run without the steps is subtracted, and the difference is divided by
the steps. Prints the instructions a step takes and their split by library; --functions N
adds the N functions that take most (a function without symbols by its address and
library). --warm N first scrolls N steps and back in both runs: the steps then count what
scrolling costs once the fonts, glyphs and emoji on that ground have been drawn once.
--alternate makes every other step go back, as a wheel turned back and forth does.

Run it alone on the machine: beside another count or a build, valgrind falls behind the
steps' spacing and several steps are drawn in one frame (two counts at once gave 3.04 M a
step back and forth, against 5.30 M alone).

Needs valgrind (apt-get install valgrind) and what scripts/test installs. About 30 s for 40
wheel steps, a minute for 20 pages.

    swift build -c release --product parley-gtk-demo
    python3 scripts/count-gtk-steps.py [--steps 40] [--by -56] [--lines 1000000] [--demo PATH] [--warm 20] [--alternate] [--functions 30]
"""
import argparse, collections, os, re, shutil, subprocess, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import transcript  # noqa: E402


def libraries_name(path_name):
    """The library's short name for a file name: libcairo.so.2.11600.0 -> libcairo."""
    return "parley-gtk-demo" if path_name == "demo" else re.sub(r"\.so.*", "", path_name)


def run(demo, path, steps, by, wait, work, warm=0, alternate=False):
    """Callgrind's per-library and per-function instruction counts for one run of the demo."""
    # A warm run first scrolls over the steps' ground and back, so that what is drawn the
    # first time (a font, its glyphs, an emoji's bitmap) is not counted in the steps.
    warming = [f"scroll:{by};wait:{wait}"] * warm + [f"scroll:{-by};wait:{wait}"] * warm
    moves = [f"scroll:{-by if alternate and step % 2 else by};wait:{wait}" for step in range(steps)]
    # The transcript is indexed on an idle thread, which valgrind runs while the demo
    # sleeps: the steps start once it is done, or its remainder is counted as theirs.
    script = ";".join(["wait:6", "indexed", "wait:1"] + warming + moves + ["wait:1", "quit"])
    out = os.path.join(work, f"callgrind.{steps}")
    # valgrind reads the debug information of a Swift binary slowly; a copy without it
    # counts the same instructions.
    binary = os.path.join(work, "demo")
    subprocess.run(["objcopy", "--strip-debug", demo, binary], check=True)
    config = os.path.join(work, "config", "gtk-4.0")
    os.makedirs(config, exist_ok=True)
    with open(os.path.join(config, "settings.ini"), "w") as f:
        f.write("[Settings]\ngtk-cursor-blink=false\n")
    env = dict(os.environ, GSK_RENDERER="cairo", GTK_A11Y="none", XDG_CONFIG_HOME=os.path.join(work, "config"))
    command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", binary,
               "--transcript", path, "--size", "480x800", "--theme", "light", "--script", script]
    if not os.environ.get("DISPLAY"):
        command = ["xvfb-run", "-a", "-s", "-screen 0 1280x1024x24"] + command
    subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    annotated = subprocess.run(["callgrind_annotate", "--inclusive=no", "--threshold=100", out],
                               capture_output=True, text=True, check=True).stdout
    libraries = collections.Counter()
    functions = collections.Counter()
    # "  1,234 (0.5%)  file:function [library]", the share left out by older valgrinds.
    for match in re.finditer(r"^\s*([\d,]+) (?:\([^)]*\))?\s*\S*?:(.*) \[(.*)\]\s*$", annotated, re.MULTILINE):
        count = int(match.group(1).replace(",", ""))
        library = libraries_name(os.path.basename(match.group(3)))
        libraries[library] += count
        symbol = match.group(2).strip()
        # A function without a symbol is known by its address in its library.
        functions[symbol + f" ({library})" if symbol.startswith("0x") else symbol] += count
    return libraries, functions


def per_step(stepped, idle, steps):
    """What the steps added to each count, a step."""
    return {name: (stepped[name] - idle.get(name, 0)) / steps for name in stepped}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=40)
    parser.add_argument("--by", type=float, default=-56)
    parser.add_argument("--lines", type=int, default=1_000_000)
    parser.add_argument("--demo", default=".build/release/parley-gtk-demo")
    parser.add_argument("--wait", type=float, default=None,
                        help="seconds between steps; each must be its own frame under valgrind (default 0.2, 0.8 for a step over 100 points)")
    parser.add_argument("--warm", type=int, default=0,
                        help="first scroll this many steps and back (in both runs), so that the steps count "
                             "what scrolling costs once fonts, glyphs and emoji have been drawn")
    parser.add_argument("--alternate", action="store_true",
                        help="every other step goes back: scrolling back and forth over the same ground")
    parser.add_argument("--functions", type=int, default=0,
                        help="also list the N functions that take the most instructions a step (their own, not their callees')")
    args = parser.parse_args()
    for tool in ["valgrind", "callgrind_annotate", "objcopy"]:
        if not shutil.which(tool):
            sys.exit(f"count-gtk-steps: {tool} is missing (apt-get install valgrind binutils)")
    work = tempfile.mkdtemp(prefix="parley-count-gtk-")
    try:
        path = os.path.join(work, "transcript.tsv")
        transcript.write(path, args.lines)
        wait = args.wait if args.wait is not None else (0.8 if abs(args.by) > 100 else 0.2)
        idle, idle_functions = run(args.demo, path, 0, args.by, wait, work, args.warm)
        stepped, stepped_functions = run(args.demo, path, args.steps, args.by, wait, work, args.warm, args.alternate)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    by_library = per_step(stepped, idle, args.steps)
    total = sum(by_library.values())
    warmed = (f", after {args.warm} steps there and back" if args.warm else "") + (", back and forth" if args.alternate else "")
    print(f"{args.steps} steps of {args.by:g} points, {args.lines:,} lines{warmed}: {total / 1e6:.2f} M instructions a step")
    print()
    print("| library | instructions a step | share |")
    print("|---|---|---|")
    for name, count in sorted(by_library.items(), key=lambda item: -item[1]):
        if count >= total * 0.01:
            print(f"| {name} | {count / 1e6:.2f} M | {100 * count / total:.0f}% |")
    if args.functions:
        print()
        print("| function (self) | instructions a step | share |")
        print("|---|---|---|")
        by_function = per_step(stepped_functions, idle_functions, args.steps)
        for name, count in sorted(by_function.items(), key=lambda item: -item[1])[:args.functions]:
            print(f"| {name[:90]} | {count / 1e6:.3f} M | {100 * count / total:.1f}% |")


if __name__ == "__main__":
    main()
