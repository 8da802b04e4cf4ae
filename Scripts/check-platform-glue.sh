#!/usr/bin/env bash
# Compiles the guides' Apple-platform glue on Linux (as far as Swift 6's checks go): the PassKit block of Guides/Checkout.md
# ("Calling Tally from PassKit") and the StoreKit block of Guides/Purchases.md.
#
#   Scripts/check-platform-glue.sh
#
# PassKit, Contacts and StoreKit exist only on Apple platforms, so the package's tests never compile
# those blocks, and a change to Tally's API (a renamed label, a new enum case) could break the code
# users copy without breaking anything else. This script compiles stand-in modules named `PassKit`,
# `Contacts` and `StoreKit` (Scripts/platform-glue/: only the declarations the glue uses, each
# written from Apple's documented Swift declaration, bodies empty), extracts each guide's block
# (the ```swift block that contains `canImport(PassKit)` or `canImport(StoreKit)`), and
# checks it in Swift 6 mode (types and data-race safety) against them and Tally's modules from `swift build`
# (.build/debug/Modules), warnings as errors. The StoreKit block is compiled with
# PurchasesGlueContext.swift, which declares what the guide leaves to the app (`ReceiptServer`,
# `show`, `log`). What this proves: the glue's use of Tally is right, its switches over Tally's
# enums are exhaustive, it passes Swift 6's concurrency checking, and its calls match the
# platform's documented signatures as the stand-ins transcribe them. What it cannot prove: that
# the stand-ins are the real frameworks (only a build on an Apple platform can).
#
# Environment: TALLY_MODULES (default .build/debug/Modules), where `import Tally` is found.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

modules=${TALLY_MODULES:-.build/debug/Modules}
[ -f "$modules/Tally.swiftmodule" ] || { echo "no $modules/Tally.swiftmodule: run \`swift build\` first" >&2; exit 2; }
stubs=Scripts/platform-glue

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The ```swift block of GUIDE whose text contains canImport(MODULE): exactly one, into OUT.
extract() {
    local guide=$1 module=$2 out=$3
    awk -v module="$module" '
        /^```swift$/ { buffer = ""; inside = 1; next }
        /^```$/ { if (inside && index(buffer, "canImport(" module ")")) { printf "%s", buffer; found++ } inside = 0; next }
        inside { buffer = buffer $0 "\n" }
        END { if (found != 1) { print "expected one block with canImport(" module ") in " FILENAME ", found " found + 0 > "/dev/stderr"; exit 1 } }
    ' "$guide" > "$out"
    echo "$guide: the $module block, $(wc -l < "$out") lines"
}

stub() {  # compiles the stand-in module NAME from $stubs/NAME.swift
    swiftc -emit-module -swift-version 6 -module-name "$1" -I "$work" -emit-module-path "$work/$1.swiftmodule" "$stubs/$1.swift"
}

# Checks the given files as one module. Not `-typecheck`: Swift 6's data-race checks (a non-Sendable
# value sent into another isolation domain) run on SIL, after type checking, so the files are
# compiled that far (`-emit-sil`, whole module) and the SIL thrown away.
check() {
    swiftc -emit-sil -wmo -o /dev/null -swift-version 6 -I "$work" -I "$modules" \
        -Xcc -fmodule-map-file=Sources/CGMP/module.modulemap "$@"
}

stub Contacts
stub PassKit
stub StoreKit

extract Guides/Checkout.md PassKit "$work/PassKitGlue.swift"
check -warnings-as-errors "$work/PassKitGlue.swift"
extract Guides/Purchases.md StoreKit "$work/StoreKitGlue.swift"
check -warnings-as-errors "$work/StoreKitGlue.swift" "$stubs/PurchasesGlueContext.swift"

# The check must be able to fail: each block with one Tally label misspelt must not compile, nor
# the PassKit block with a delegate method's label misspelt (which an optional requirement would
# let pass as an unrelated method).
mutate() {  # FILE SED-EXPRESSION: the file with the edit applied must differ and must not compile
    local file=$1 expression=$2 extra=("${@:3}")
    sed "$expression" "$file" > "$work/Mutant.swift"
    if cmp -s "$file" "$work/Mutant.swift"; then
        echo "self-check: '$expression' no longer changes $(basename "$file")" >&2
        exit 1
    fi
    if check "$work/Mutant.swift" "${extra[@]}" > "$work/mutant.log" 2>&1; then
        echo "self-check: $(basename "$file") with '$expression' compiled: the check is not checking" >&2
        exit 1
    fi
}
mutate "$work/PassKitGlue.swift" 's/isoCountryCode: postal/isoCountryKode: postal/'
mutate "$work/PassKitGlue.swift" 's/didChangeCouponCode couponCode/didChangeCoupon couponCode/'  # and a PassKit one
mutate "$work/StoreKitGlue.swift" 's/productIdentifier: skTransaction/productIdentifer: skTransaction/' "$stubs/PurchasesGlueContext.swift"
echo "both blocks compile (Swift 6, warnings as errors) against Tally and the stand-ins; each with a misspelt label does not"
