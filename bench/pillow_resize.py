"""Pillow baseline for deckwright's image benchmark.

Decodes every JPEG given on the command line and resizes it to WxH with
Pillow's bicubic filter, one after the other in this one process: the core
work of the leading Python proxy tool. Prints the wall time of the whole loop
in seconds and the process's peak resident memory in MB:

    $ python3 bench/pillow_resize.py 744 1039 DIR/*.jpg
    wall=4.812 rss_mb=61.3 cards=60
"""
import resource
import sys
import time

from PIL import Image


def main():
    w, h = int(sys.argv[1]), int(sys.argv[2])
    files = sys.argv[3:]
    start = time.perf_counter()
    for path in files:
        with Image.open(path) as im:
            im.resize((w, h), Image.BICUBIC)
    elapsed = time.perf_counter() - start
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"wall={elapsed:.3f} rss_mb={rss:.1f} cards={len(files)}")


if __name__ == "__main__":
    main()
