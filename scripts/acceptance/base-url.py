#!/usr/bin/env python3
"""Prints baseURL of a site.json, with a trailing slash."""
import json
import sys

with open(sys.argv[1]) as f:
    base = json.load(f)["baseURL"]
print(base if base.endswith("/") else base + "/")
