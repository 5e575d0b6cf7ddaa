#!/usr/bin/env python3
"""pty-run.py OUT ERR COMMAND [ARG ...]: run COMMAND with its stderr on a
pseudo-terminal (as a person's terminal would be), its stdout into the
file OUT and its stdin the caller's; what it wrote to the terminal goes
to the file ERR byte for byte (no output processing: a newline stays a
newline).  Exits with COMMAND's status (128 + N for a signal).

The standard library only (pty, termios), for tests/81-progress.t."""
import os
import pty
import sys
import termios


def main():
    if len(sys.argv) < 4:
        sys.stderr.write("usage: pty-run.py OUT ERR COMMAND [ARG ...]\n")
        return 2
    out, err, argv = sys.argv[1], sys.argv[2], sys.argv[3:]
    stdin = os.dup(0)
    pid, fd = pty.fork()
    if pid == 0:
        try:
            # No output processing: "\n" is not made "\r\n".
            attr = termios.tcgetattr(2)
            attr[1] &= ~termios.OPOST
            termios.tcsetattr(2, termios.TCSANOW, attr)
            os.dup2(os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644), 1)
            os.dup2(stdin, 0)
            os.execvp(argv[0], argv)
        except OSError as e:
            os.write(2, ("pty-run.py: %s: %s\n" % (argv[0], e)).encode())
        os._exit(127)
    os.close(stdin)
    data = bytearray()
    while True:
        try:
            chunk = os.read(fd, 65536)
        except OSError:  # EIO: every writer to the terminal is gone
            break
        if not chunk:
            break
        data += chunk
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    with open(err, "wb") as f:
        f.write(data)
    if os.WIFSIGNALED(status):
        return 128 + os.WTERMSIG(status)
    return os.WEXITSTATUS(status)


if __name__ == "__main__":
    sys.exit(main())
