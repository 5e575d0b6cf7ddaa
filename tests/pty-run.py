#!/usr/bin/env python3
"""pty-run.py OUT ERR COMMAND [ARG ...]: run COMMAND with its stderr on a
pseudo-terminal (as a person's terminal would be), its stdout into the
file OUT and its stdin the caller's; what it wrote to the terminal goes
to the file ERR byte for byte (no output processing: a newline stays a
newline).  Exits with COMMAND's status (128 + N for a signal).

The standard library only (pty, termios), for tests/81-progress.t."""
import fcntl
import os
import select
import sys
import termios


def main():
    if len(sys.argv) < 4:
        sys.stderr.write("usage: pty-run.py OUT ERR COMMAND [ARG ...]\n")
        return 2
    out, err, argv = sys.argv[1], sys.argv[2], sys.argv[3:]
    master, slave = os.openpty()
    # No output processing: "\n" is not made "\r\n".
    attr = termios.tcgetattr(slave)
    attr[1] &= ~termios.OPOST
    termios.tcsetattr(slave, termios.TCSANOW, attr)
    pid = os.fork()
    if pid == 0:
        try:
            os.close(master)
            os.setsid()
            fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
            os.dup2(os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644), 1)
            os.dup2(slave, 2)
            if slave > 2:
                os.close(slave)
            os.execvp(argv[0], argv)
        except OSError as e:
            os.write(2, ("pty-run.py: %s: %s\n" % (argv[0], e)).encode())
        os._exit(127)
    # This side keeps the terminal open until the command has ended, so
    # that what it wrote last is read, never lost to the terminal's
    # closing (EIO) as the command exits.
    data = bytearray()
    status = None
    while status is None:
        ready, _, _ = select.select([master], [], [], 0.05)
        if ready:
            data += os.read(master, 65536)
            continue
        done, st = os.waitpid(pid, os.WNOHANG)
        if done:
            status = st
    os.set_blocking(master, False)
    while True:
        try:
            chunk = os.read(master, 65536)
        except (BlockingIOError, OSError):
            break
        if not chunk:
            break
        data += chunk
    os.close(slave)
    os.close(master)
    with open(err, "wb") as f:
        f.write(data)
    if os.WIFSIGNALED(status):
        return 128 + os.WTERMSIG(status)
    return os.WEXITSTATUS(status)


if __name__ == "__main__":
    sys.exit(main())
