"""The last step before a confined bot's own program: kernel filters it cannot undo, then exec.

``python -I lockdown.py [--tcp-own-port] -- ARGV...`` sets no new privileges and the filters,
then replaces itself with ``ARGV`` (``setpriv``, which drops to the bot's uid, then the bot;
inside bubblewrap when the harness is not root). Everything it sets outlives the change of uid
and is inherited by every process the bot starts:

- a seccomp filter (libseccomp, through ``pyseccomp``) that refuses new namespaces (``unshare``
  and ``clone`` with a ``CLONE_NEW*`` flag; ``clone3``, whose flags a filter cannot read,
  answers ENOSYS so that the C library falls back to ``clone``), joining others' (``setns``),
  every kind of mount, and MPTCP sockets (which Landlock's TCP rules might not cover). Without
  a user namespace of its own the bot cannot mount a tmpfs that no limit would count;
- with ``--tcp-own-port`` (level ``basic``, where bots share the machine's loopback): Landlock
  rules by which the bot binds only the TCP port in ``RUCKUS_PORT`` and connects to no TCP
  port at all, and (Landlock ABI 6+) reaches no abstract Unix socket and signals no process
  outside its own. No bot reaches another bot's endpoint, nor floods it.

A filter that cannot be set stops the bot here (exit code 126): it never runs unfiltered.
The file is run as a script by the harness's Python and imports nothing of the project.
"""

from __future__ import annotations

import ctypes
import errno
import os
import sys

import pyseccomp

CLONE_NEW_FLAGS = {
    "CLONE_NEWTIME": 0x00000080,
    "CLONE_NEWNS": 0x00020000,
    "CLONE_NEWCGROUP": 0x02000000,
    "CLONE_NEWUTS": 0x04000000,
    "CLONE_NEWIPC": 0x08000000,
    "CLONE_NEWUSER": 0x10000000,
    "CLONE_NEWPID": 0x20000000,
    "CLONE_NEWNET": 0x40000000,
}
REFUSED = (
    "setns",
    "mount",
    "umount2",
    "pivot_root",
    "fsopen",
    "fsconfig",
    "fsmount",
    "fspick",
    "move_mount",
    "open_tree",
    "mount_setattr",
)
"""System calls a bot never needs that would let it join namespaces or mount."""
IPPROTO_MPTCP = 262

_PR_SET_NO_NEW_PRIVS = 38
_LANDLOCK_CREATE_RULESET, _LANDLOCK_ADD_RULE, _LANDLOCK_RESTRICT_SELF = 444, 445, 446
_LANDLOCK_CREATE_RULESET_VERSION = 1
_LANDLOCK_RULE_NET_PORT = 2
_ACCESS_NET_BIND_TCP, _ACCESS_NET_CONNECT_TCP = 1, 2
_SCOPE_ABSTRACT_UNIX_SOCKET, _SCOPE_SIGNAL = 1, 2
LANDLOCK_NET_ABI, LANDLOCK_SCOPE_ABI = 4, 6
"""The first Landlock ABIs with TCP rules (Linux 6.7) and with scopes (Linux 6.12)."""


class _RulesetAttr(ctypes.Structure):
    _fields_ = [
        ("handled_access_fs", ctypes.c_uint64),
        ("handled_access_net", ctypes.c_uint64),
        ("scoped", ctypes.c_uint64),
    ]


class _NetPortAttr(ctypes.Structure):
    _fields_ = [("allowed_access", ctypes.c_uint64), ("port", ctypes.c_uint64)]


class LockdownError(Exception):
    """A filter the kernel refused to set."""


def seccomp_filter() -> None:
    """Load the seccomp filter that refuses namespaces, mounts and MPTCP sockets."""
    refuse = pyseccomp.ERRNO(errno.EPERM)
    rules = pyseccomp.SyscallFilter(defaction=pyseccomp.ALLOW)
    for flag in CLONE_NEW_FLAGS.values():
        for call in ("unshare", "clone"):
            rules.add_rule(refuse, call, pyseccomp.Arg(0, pyseccomp.MASKED_EQ, flag, flag))
    rules.add_rule(pyseccomp.ERRNO(errno.ENOSYS), "clone3")
    for call in REFUSED:
        rules.add_rule(refuse, call)
    rules.add_rule(refuse, "socket", pyseccomp.Arg(2, pyseccomp.EQ, IPPROTO_MPTCP))
    rules.load()


def _landlock(libc: ctypes.CDLL, number: int, *args: object) -> int:
    result: int = libc.syscall(number, *args)
    if result < 0:
        code = ctypes.get_errno()
        raise LockdownError(f"Landlock system call {number} failed: {os.strerror(code)}")
    return result


def landlock_abi() -> int:
    """Return the kernel's Landlock ABI version, 0 when it has none (or it is disabled)."""
    libc = ctypes.CDLL(None, use_errno=True)
    version: int = libc.syscall(_LANDLOCK_CREATE_RULESET, None, 0, _LANDLOCK_CREATE_RULESET_VERSION)
    return max(version, 0)


def tcp_own_port(port: int) -> None:
    """Let this process and its children bind only TCP ``port`` and connect to no TCP port."""
    abi = landlock_abi()
    if abi < LANDLOCK_NET_ABI:
        raise LockdownError(
            f"Landlock with TCP rules (ABI {LANDLOCK_NET_ABI}, Linux 6.7) is needed; "
            f"this kernel has ABI {abi}"
        )
    libc = ctypes.CDLL(None, use_errno=True)
    scoped = _SCOPE_ABSTRACT_UNIX_SOCKET | _SCOPE_SIGNAL if abi >= LANDLOCK_SCOPE_ABI else 0
    attr = _RulesetAttr(0, _ACCESS_NET_BIND_TCP | _ACCESS_NET_CONNECT_TCP, scoped)
    size = ctypes.sizeof(attr) if scoped else _RulesetAttr.scoped.offset
    ruleset = _landlock(libc, _LANDLOCK_CREATE_RULESET, ctypes.byref(attr), size, 0)
    try:
        rule = _NetPortAttr(_ACCESS_NET_BIND_TCP, port)
        _landlock(libc, _LANDLOCK_ADD_RULE, ruleset, _LANDLOCK_RULE_NET_PORT, ctypes.byref(rule), 0)
        _landlock(libc, _LANDLOCK_RESTRICT_SELF, ruleset, 0)
    finally:
        os.close(ruleset)


def main(argv: list[str]) -> int:
    """Set the filters ``argv`` asks for, then exec the bot after ``--``; 126 if refused."""
    if "--" not in argv:
        print("usage: lockdown.py [--tcp-own-port] -- ARGV...", file=sys.stderr)
        return 2
    split = argv.index("--")
    options, command = argv[:split], argv[split + 1 :]
    try:
        if ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
            raise LockdownError(f"no new privileges: {os.strerror(ctypes.get_errno())}")
        if "--tcp-own-port" in options:
            tcp_own_port(int(os.environ["RUCKUS_PORT"]))
        seccomp_filter()
    except (LockdownError, OSError, KeyError, ValueError) as error:
        print(f"sandbox: cannot confine the bot: {error}", file=sys.stderr)
        return 126
    os.execvp(command[0], command)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
