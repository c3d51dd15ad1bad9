"""A terminal emulator's answers for the outside-in terminal harness.

A pseudo-terminal with nobody behind it answers no query, so a program measured in one
sees a terminal that knows nothing: no colours, no cursor reports, no modes. With
`--terminal libvterm`, scripts/measure-terminal.py feeds everything a program writes to
libvterm (Debian's libvterm0, the emulator Parley's tests check frames against) and writes
back what it answers: cursor position reports, DA1, DECRQM mode reports. libvterm 0.1.4
carries out REP and does not know synchronized output (mode 2026), as xterm; it does not
answer the colour queries (OSC 10 and 11).
"""
import ctypes
import ctypes.util


class TerminalAnswers:
    """One libvterm screen of `rows` x `columns`; `feed` returns what it answers."""

    def __init__(self, rows, columns):
        name = ctypes.util.find_library("vterm") or "libvterm.so.0"
        lib = ctypes.CDLL(name)
        lib.vterm_new.restype = ctypes.c_void_p
        lib.vterm_new.argtypes = [ctypes.c_int, ctypes.c_int]
        lib.vterm_free.argtypes = [ctypes.c_void_p]
        lib.vterm_set_utf8.argtypes = [ctypes.c_void_p, ctypes.c_int]
        lib.vterm_input_write.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t]
        lib.vterm_input_write.restype = ctypes.c_size_t
        lib.vterm_output_read.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t]
        lib.vterm_output_read.restype = ctypes.c_size_t
        lib.vterm_obtain_screen.restype = ctypes.c_void_p
        lib.vterm_obtain_screen.argtypes = [ctypes.c_void_p]
        lib.vterm_screen_reset.argtypes = [ctypes.c_void_p, ctypes.c_int]
        self.lib = lib
        self.vt = lib.vterm_new(rows, columns)
        lib.vterm_set_utf8(self.vt, 1)
        lib.vterm_screen_reset(lib.vterm_obtain_screen(self.vt), 1)
        self.buffer = ctypes.create_string_buffer(4096)

    def feed(self, data):
        """Runs `data` through the emulator; returns the bytes it answered with."""
        self.lib.vterm_input_write(self.vt, bytes(data), len(data))
        answer = b""
        while True:
            count = self.lib.vterm_output_read(self.vt, self.buffer, len(self.buffer))
            if count == 0:
                return answer
            answer += self.buffer.raw[:count]

    def close(self):
        if self.vt:
            self.lib.vterm_free(self.vt)
            self.vt = None
