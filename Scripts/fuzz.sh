#!/usr/bin/env bash
# Builds one libFuzzer target from Fuzz/ and runs it.
#
#   Scripts/fuzz.sh TARGET SECONDS [extra libFuzzer flags...]
#   Scripts/fuzz.sh TARGET build          # build only
#   Scripts/fuzz.sh list                  # the targets
#
# TARGET is one of: decimal-roundtrip, decimal-arithmetic, checkout-document, replay, purchases (the
# files Fuzz/TARGET.swift). The library modules (TallyDecimal, TallyMoney, TallyCheckout,
# TallyPurchases, TallyBridge)
# are compiled from Sources/ with `swiftc -O -sanitize=fuzzer,address` (coverage + ASan, release
# optimizations, preconditions kept) into .build/fuzz/, separately from SwiftPM's build, and
# rebuilt only when a source file is newer than its object. The fuzzer runs for SECONDS on
#   .build/fuzz/corpus/TARGET   (writable: what this run finds; not committed)
#   Fuzz/corpus/TARGET          (the committed seeds; never written to)
# with crash/timeout/leak artifacts written to Fuzz/artifacts/ (git-ignored). At the end it prints
# the number of executions. Environment: FUZZ_JOBS (default 1) runs that many workers (-fork);
# FUZZ_PORTABLE=1 builds TallyDecimal without TALLY_GMP, so that large coefficients take the
# portable Swift integers of Apple's device platforms (Guides/Platforms.md), into .build/fuzz-portable.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

targets=(decimal-roundtrip decimal-arithmetic checkout-document replay purchases)
usage() {
    echo "usage: Scripts/fuzz.sh TARGET SECONDS|build [libFuzzer flags...]" >&2
    echo "targets: ${targets[*]}" >&2
    exit 2
}
[ $# -ge 1 ] || usage
if [ "$1" = list ]; then printf '%s\n' "${targets[@]}"; exit 0; fi
[ $# -ge 2 ] || usage
target=$1; seconds=$2; shift 2
[ -f "Fuzz/$target.swift" ] || { echo "fuzz.sh: no such target: $target (Fuzz/$target.swift)" >&2; usage; }
if [ "$seconds" != build ] && ! [[ "$seconds" =~ ^[0-9]+$ ]]; then usage; fi

command -v swiftc >/dev/null || { echo "fuzz.sh: swiftc not found (expected in /opt/swift/usr/bin)" >&2; exit 1; }
if ! echo '#include <gmp.h>' | cc -E -x c - >/dev/null 2>&1 && [ ! -f /usr/include/gmp.h ] \
    && ! ls /usr/include/*/gmp.h >/dev/null 2>&1; then
    echo "fuzz.sh: GMP headers not found; install them: apt-get install -y libgmp-dev" >&2
    exit 1
fi

out=.build/fuzz
backend=(-D TALLY_GMP)
if [ "${FUZZ_PORTABLE:-0}" = 1 ]; then out=.build/fuzz-portable; backend=(); fi
lib=$out/lib
mkdir -p "$lib" "$out/corpus/$target" Fuzz/artifacts

# `-package-name`: the modules share `package` declarations, as under SwiftPM.
flags=(-O -sanitize=fuzzer,address -parse-as-library -g -package-name Tally -I "$lib" -I Sources/CGMP "${backend[@]}")
# Rebuild everything when the flags or the compiler change.
stamp="${flags[*]} | $(swiftc --version 2>&1 | head -1)"
if [ ! -f "$lib/stamp" ] || [ "$(cat "$lib/stamp")" != "$stamp" ]; then
    rm -f "$lib"/*.o "$lib"/*.swiftmodule
    echo "$stamp" > "$lib/stamp"
fi

# Compiles one module (whole-module) into $lib/NAME.o and $lib/NAME.swiftmodule when stale.
build_module() {
    local name=$1; shift
    local sources=(Sources/"$name"/*.swift)
    local object=$lib/$name.o
    local stale=0
    if [ ! -f "$object" ] || [ ! -f "$lib/$name.swiftmodule" ]; then
        stale=1
    else
        local file
        for file in "${sources[@]}" "$@"; do
            if [ "$file" -nt "$object" ]; then stale=1; break; fi
        done
    fi
    if [ "$stale" -eq 1 ]; then
        echo "fuzz.sh: compiling $name (${#sources[@]} files)"
        swiftc "${flags[@]}" -module-name "$name" -wmo -c "${sources[@]}" -o "$object.tmp" \
            -emit-module -emit-module-path "$lib/$name.swiftmodule"
        mv "$object.tmp" "$object"
        return 0
    fi
}

build_module TallyDecimal Sources/CGMP/shim.h
build_module TallyMoney "$lib/TallyDecimal.o"
build_module TallyCheckout "$lib/TallyMoney.o" "$lib/TallyDecimal.o"
build_module TallyPurchases "$lib/TallyMoney.o" "$lib/TallyDecimal.o"
build_module TallyBridge "$lib/TallyCheckout.o" "$lib/TallyPurchases.o" "$lib/TallyMoney.o" "$lib/TallyDecimal.o"

binary=$out/$target
if [ ! -f "$binary" ] || [ "Fuzz/$target.swift" -nt "$binary" ] || [ "$lib/TallyBridge.o" -nt "$binary" ] \
    || [ "$lib/TallyDecimal.o" -nt "$binary" ]; then
    echo "fuzz.sh: linking $binary"
    module=Fuzz_$(echo "$target" | tr -c 'A-Za-z0-9\n' '_')
    swiftc "${flags[@]}" -module-name "$module" "Fuzz/$target.swift" \
        "$lib/TallyDecimal.o" "$lib/TallyMoney.o" "$lib/TallyCheckout.o" "$lib/TallyPurchases.o" "$lib/TallyBridge.o" \
        -lgmp -use-ld=lld -o "$binary"
fi
[ "$seconds" = build ] && { echo "fuzz.sh: built $binary"; exit 0; }

options=(-max_total_time="$seconds" -print_final_stats=1 -artifact_prefix=Fuzz/artifacts/"$target"- -timeout=20)
[ -f "Fuzz/dict/$target.dict" ] && options+=(-dict="Fuzz/dict/$target.dict")
[ -f "Fuzz/options/$target" ] && read -r -a extra < "Fuzz/options/$target" && options+=("${extra[@]}")
if [ "${FUZZ_JOBS:-1}" -gt 1 ]; then options+=(-fork="$FUZZ_JOBS"); fi

# Swift's own crash backtracer (on by default on Linux) fights ASan's and libFuzzer's handlers: it
# can hang for minutes holding the output pipe. Let libFuzzer and ASan report crashes instead.
export SWIFT_BACKTRACE=enable=no
export ASAN_SYMBOLIZER_PATH=${ASAN_SYMBOLIZER_PATH:-$(command -v llvm-symbolizer || true)}

log=$out/$target.log
echo "fuzz.sh: running $binary for ${seconds}s (log: $log)"
set +e +o pipefail
"$binary" "${options[@]}" "$@" "$out/corpus/$target" "Fuzz/corpus/$target" 2>&1 | tee "$log" | \
    grep -E --line-buffered "INITED|DONE|Done|ERROR|SUMMARY|Test unit written|invariant violated|Fatal error|fatal error|precondition|    #[0-9]+ |pulse"
rc=${PIPESTATUS[0]}
set -e -o pipefail
runs=$(grep -Eo 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -Eo '[0-9]+$' | tail -1 || true)
[ -n "$runs" ] || runs=$(grep -Eo 'Done [0-9]+ runs' "$log" | grep -Eo '[0-9]+' | tail -1 || true)
[ -n "$runs" ] || runs=$(grep -Eo '^#[0-9]+' "$log" | tr -d '#' | tail -1 || true)  # -fork mode
echo "fuzz.sh: $target: exit $rc, executions: ${runs:-unknown} in ${seconds}s"
exit "$rc"
