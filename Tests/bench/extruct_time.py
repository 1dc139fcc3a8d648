"""Times extruct on the same saved pages as `wardrobe bench import --pages DIR`.

Usage: extruct_time.py DIR REPETITIONS [--serve]
Prints one line per page: NAME<TAB>A<TAB>B, the median milliseconds of thread CPU time for
extruct.extract(text, base_url) with (A) the syntaxes the importer also reads (json-ld,
microdata, opengraph) and (B) extruct's default syntaxes; the lxml parse is included in both.
The page URL comes from NAME.expected.json ("url") or NAME.url, like the Swift side.
With --serve it reads page names from stdin, one per line, and answers each as it comes: the
Swift side then times a page and extruct times it right after, so a slower or faster spell of
the machine falls on both sides of a ratio alike.
"""
import json
import os
import statistics
import sys
import time

import extruct


def page_url(folder, name):
    expected = os.path.join(folder, name + ".expected.json")
    if os.path.exists(expected):
        with open(expected, encoding="utf-8") as handle:
            url = json.load(handle).get("url")
            if url:
                return url
    sidecar = os.path.join(folder, name + ".url")
    if os.path.exists(sidecar):
        with open(sidecar, encoding="utf-8") as handle:
            return handle.read().strip()
    return "https://example.invalid/" + name


def time_page(folder, name, repetitions):
    with open(os.path.join(folder, name + ".html"), "rb") as handle:
        raw = handle.read()
    url = page_url(folder, name)
    medians = []
    for syntaxes in (["json-ld", "microdata", "opengraph"], None):
        times = []
        for _ in range(repetitions):
            start = time.thread_time()
            try:
                # Decoding is part of the work on both sides: ours decodes the bytes too.
                text = raw.decode("utf-8", errors="replace")
                if syntaxes is None:
                    extruct.extract(text, base_url=url)
                else:
                    extruct.extract(text, base_url=url, syntaxes=syntaxes)
            except Exception as error:  # a page extruct cannot read still gets its time
                print(f"# {name}: {error!r}", file=sys.stderr)
            times.append(time.thread_time() - start)
        medians.append(statistics.median(times) * 1000)
    print(f"{name}\t{medians[0]:.3f}\t{medians[1]:.3f}", flush=True)


def main():
    folder, repetitions = sys.argv[1], max(1, int(sys.argv[2]))
    if "--serve" in sys.argv[3:]:
        print("ready", flush=True)  # extruct imported: the other side may send names
        for line in sys.stdin:
            time_page(folder, line.strip(), repetitions)
        return
    for file in sorted(os.listdir(folder)):
        if file.endswith(".html"):
            time_page(folder, file[:-5], repetitions)


if __name__ == "__main__":
    main()
