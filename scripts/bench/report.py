"""The benchmark's table, as a list of lines.

Times are medians of the runs, peaks the highest of the runs; ratios are
sitegen / Hugo, so below 1 means sitegen took less time or memory.
"""

SCENARIOS = [("full", "full build"), ("noop", "no-op rebuild"), ("edit", "one-post edit")]


def table(facts, sitegen, hugo, floors):
    """facts: posts, pages, files, cores, runs (and hugo_pages, hugo_files);
    sitegen, hugo: scenario -> measure.Summary (hugo may be None);
    floors: cmark and write seconds."""
    head = (f"posts {facts['posts']}  pages {facts['pages']}  files {facts['files']}  "
            f"cores {facts['cores']}  fs {facts['fs']}")
    if hugo:
        head += f"   (hugo: pages {facts['hugo_pages']}  files {facts['hugo_files']})"
    lines = [head]
    columns = f"{'':18}{'sitegen':>10}{'pages/s':>10}{'peak MiB':>10}"
    if hugo:
        columns += f" |{'hugo':>9}{'peak MiB':>10} |{'time ratio':>11}{'rss ratio':>11}"
    lines.append(columns)
    for key, label in SCENARIOS:
        mine = sitegen[key]
        row = f"{label:18}{mine.seconds:>8.2f} s{facts['pages'] / mine.seconds:>10.0f}{mine.peak_mib:>10.0f}"
        if hugo:
            theirs = hugo[key]
            row += (f" |{theirs.seconds:>7.2f} s{theirs.peak_mib:>10.0f} |"
                    f"{mine.seconds / theirs.seconds:>11.2f}{mine.peak_mib / theirs.peak_mib:>11.2f}")
        lines.append(row)
    lines.append("cpu seconds, user + system (medians):"
                 + "".join(f"  {label} {sitegen[key].user:.2f} + {sitegen[key].system:.2f}"
                           + (f" (hugo {hugo[key].user:.2f} + {hugo[key].system:.2f})" if hugo else "")
                           + ("," if key != "edit" else "") for key, label in SCENARIOS))
    lines.append(f"floor: cmark over all bodies {floors['cmark']:.2f} s (1 core); "
                 f"writing the files {floors['write']:.2f} s (tar extract of sitegen's output, 1 process)")
    write_floor = floors['cmark'] / facts['cores'] + floors['write']
    lines.append(f"full build / (cmark floor ÷ cores + writing): {sitegen['full'].seconds / write_floor:.2f}"
                 + (f";  one-post edit / hugo's full build: {sitegen['edit'].seconds / hugo['full'].seconds:.3f}"
                    if hugo else ""))
    lines.append(f"times: median of {facts['runs']} runs; peak: highest of them"
                 + ("; ratios: sitegen / hugo" if hugo else "; hugo left out (not installed, --no-hugo, or more posts than --hugo-up-to)"))
    return lines


def durability(sitegen, no_sync):
    """What waiting for the disk costs: each build against the same build
    with --no-sync, the ratio of the medians, then round by round."""
    lines = ["durable swap (syncfs before the swap, fsync after it) against --no-sync, time ratio:"]
    for key, label in SCENARIOS:
        rounds = [mine.seconds / theirs.seconds for mine, theirs in zip(sitegen[key].samples, no_sync[key].samples)]
        lines.append(f"  {label:15} {sitegen[key].seconds:>7.2f} s against {no_sync[key].seconds:>7.2f} s"
                     f"   {sitegen[key].seconds / no_sync[key].seconds:>5.2f} ×   rounds: {' '.join(f'{r:.2f}' for r in rounds)}")
    return lines


def markdown(sitegen, markdown_site):
    """The same posts written as Markdown files against JSON files, both
    built by sitegen: medians, and the ratio of each round's pair (the two
    builds ran one after the other, so a drift of the machine weighs on both)."""
    lines = ["the same posts as Markdown files (<id>.md, YAML front matter) / as JSON files:"]
    for key, label in SCENARIOS:
        rounds = sorted(md.seconds / js.seconds for md, js in zip(markdown_site[key].samples, sitegen[key].samples))
        middle = len(rounds) // 2
        median = rounds[middle] if len(rounds) % 2 else (rounds[middle - 1] + rounds[middle]) / 2
        lines.append(f"  {label:15} {markdown_site[key].seconds:>6.2f} s / {sitegen[key].seconds:>6.2f} s   "
                     f"ratio {median:.2f} (rounds {rounds[0]:.2f}-{rounds[-1]:.2f})   "
                     f"peak {markdown_site[key].peak_mib:.0f} / {sitegen[key].peak_mib:.0f} MiB")
    return lines


def scaling(sizes):
    """How a full build grows with the site: sizes is a list of (facts,
    sitegen scenario -> Summary), smallest site first or not."""
    sizes = sorted(sizes, key=lambda size: size[0]["posts"])
    base_facts, base = sizes[0]
    base_per_post = base["full"].seconds / base_facts["posts"]
    lines = [f"scaling, full build (median wall time per post, against {base_facts['posts']} posts;"
             " then the same, round by round, as the sizes took turns):"]
    for facts, sitegen in sizes:
        per_post = sitegen["full"].seconds / facts["posts"]
        rounds = [(mine.seconds / facts["posts"]) / (theirs.seconds / base_facts["posts"])
                  for mine, theirs in zip(sitegen["full"].samples, base["full"].samples)]
        lines.append(f"  {facts['posts']:>8} posts  {per_post * 1e6:>6.0f} µs a post  "
                     f"{per_post / base_per_post:>5.2f} ×   peak {sitegen['full'].peak_mib:>4.0f} MiB   "
                     f"rounds: {' '.join(f'{r:.2f}' for r in rounds)}")
    return lines
