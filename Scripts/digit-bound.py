#!/usr/bin/env python3
"""Checks the portable integers' decimal digit bound (Limbs.decimalDigitsUpperBound).

The bound is floor((bits - 1) * log10(2)) + 2 for a value of `bits` bits, with the floor computed
as the high word of (bits - 1) * M, M = floor(log10(2) * 2^64), read from the Swift source (the
script stops if the source has another constant). This script checks, with exact
integer arithmetic, that the high word equals the true floor for every bit count from 2 to N
(default 64,000,000; a million decimal digits are about 3.3 million bits):

    python3 Scripts/digit-bound.py [N]

The true floor is taken from log10(2) to 70 places, from below and from above: where the two
disagree the case is reported as undecided rather than assumed.
"""
from decimal import Decimal, getcontext
import pathlib
import re
import sys

getcontext().prec = 80
LOG10_2 = Decimal(2).log10()
M = int(LOG10_2 * (Decimal(2) ** 64))
SOURCE = pathlib.Path(__file__).resolve().parent.parent / "Sources/TallyDecimal/PortableInteger.swift"
found = re.search(r"let log10Of2: UInt64 = ([0-9_]+)", SOURCE.read_text())
if not found or int(found.group(1).replace("_", "")) != M:
    sys.exit(f"{SOURCE}: log10Of2 should be {M} (floor of log10(2) * 2^64)")
LOW = int(LOG10_2 * (Decimal(10) ** 70))
HIGH = LOW + 1
P = 10 ** 70


def main() -> int:
    limit = int(sys.argv[1]) if len(sys.argv) > 1 else 64_000_000
    problems = 0
    for bits in range(2, limit + 1):
        n = bits - 1
        floor = (n * LOW) // P
        if floor != (n * HIGH) // P:
            print("undecided", bits)
            problems += 1
        elif (n * M) >> 64 != floor:
            print("mismatch", bits, (n * M) >> 64, floor)
            problems += 1
        if problems > 10:
            break
    print(f"bit counts 2 to {limit}: {problems} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
