#!/usr/bin/env python3
"""Prints N distinct free TCP ports on 127.0.0.1, on one line."""
import socket
import sys

sockets = [socket.socket() for _ in range(int(sys.argv[1]))]
for s in sockets:
    s.bind(("127.0.0.1", 0))
print(" ".join(str(s.getsockname()[1]) for s in sockets))
