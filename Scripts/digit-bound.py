#!/usr/bin/env python3
"""Checks the portable integers' decimal digit bound (Limbs.decimalDigitsUpperBound).

The bound is floor((bits - 1) * log10(2)) + 2 for a value of `bits` bits, with the floor computed
as the high word of (bits - 1) * M, M = floor(log10(2) * 2^64), read from the Swift source (the
script stops if the source has another constant). This script checks, with exact
integer arithmetic, that the high word equals the true floor for every bit count from 2 to N
(default 64,000,000; a million decimal digits are about 3.3 million bits):

    python3 Scripts/digit-bound.py [N]

The true floor is taken from log10(2) to 70 places, from below and from above: where the two
disagree the case is reported as undecided rather than assumed. Before the loop the script also
finds, exactly, the first bit count where the high word falls short (24,659,143,518, about 7.4
billion digits) and fails if it is not far beyond what a BigDecimal can hold.
"""
from decimal import Decimal, getcontext
from fractions import Fraction
import math
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


def simplest_fraction_between(low: Fraction, high: Fraction) -> Fraction:
    """The fraction with the smallest denominator strictly between low and high (low < high)."""
    whole = math.floor(low)
    if whole + 1 < high:
        return Fraction(whole + 1)
    low, high = low - whole, high - whole
    if low == 0:
        return whole + Fraction(1, math.floor(1 / high) + 1)
    return whole + 1 / simplest_fraction_between(1 / high, 1 / low)


def first_failure() -> int:
    """The first bit count whose high word falls short of the true floor.

    (bits - 1) * M / 2^64 and (bits - 1) * log10(2) have different floors exactly when some p / (bits - 1)
    lies in (M / 2^64, log10(2)]; the smallest such denominator is that of the simplest fraction in
    the interval (log10(2), irrational, is replaced by a 70-place value just below it).
    """
    return simplest_fraction_between(Fraction(M, 2 ** 64), Fraction(LOW, P)).denominator + 1


def main() -> int:
    limit = int(sys.argv[1]) if len(sys.argv) > 1 else 64_000_000
    failure = first_failure()
    print(f"first bit count where the high word falls short of the floor: {failure:,}")
    if failure <= 100_000_000:  # a million digits are 3.3 million bits
        print("too close: values within Tally's bounds could get a digit bound one too small")
        return 1
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
