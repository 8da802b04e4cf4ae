#!/usr/bin/env bash
# Checks that what Tally promises will not compile does not compile: no binary floating point on a
# money path. A test can only run code that compiles, so these promises are checked here, each
# snippet type-checked on its own against Tally's modules from `swift build`:
#
#   Scripts/check-compile-errors.sh
#
# Each refused snippet must fail with the expected text in its error (so it fails for the reason
# promised, not a typo), and the control snippet, the same calls written as Tally asks, must
# compile (so the failures are not the setup's).
#
# Environment: TALLY_MODULES (default .build/debug/Modules), where `import Tally` is found.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

modules=${TALLY_MODULES:-.build/debug/Modules}
[ -f "$modules/Tally.swiftmodule" ] || { echo "no $modules/Tally.swiftmodule: run \`swift build\` first" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

typecheck() {  # FILE: type-checks it in Swift 6 mode against Tally's modules
    swiftc -typecheck -swift-version 6 -I "$modules" -Xcc -fmodule-map-file=Sources/CGMP/module.modulemap "$1"
}

failures=0
refused() {  # EXPECTED-ERROR-TEXT SWIFT-CODE: the code, after `import Tally`, must fail with that text
    local expected=$1 code=$2
    printf 'import Foundation\nimport Tally\n%s\n' "$code" > "$work/Refused.swift"
    if typecheck "$work/Refused.swift" > "$work/refused.log" 2>&1; then
        echo "COMPILED (should not): $code"
        failures=$((failures + 1))
    elif ! grep -qF -- "$expected" "$work/refused.log"; then
        echo "refused for another reason than \"$expected\": $code"
        sed 's/^/    /' "$work/refused.log" | head -12
        failures=$((failures + 1))
    else
        echo "refused: $code"
    fi
}

refused "cannot convert value of type 'Double' to specified type 'BigDecimal'" \
    'let amount: BigDecimal = 19.99'
refused "is unavailable: a Double or float literal is binary" \
    'let amount = BigDecimal(exactly: 19.99)'
refused "is unavailable: a Double or float literal is binary" \
    'let price = 19.99; let amount = BigDecimal(exactly: price)'
refused "is unavailable: a Double or float literal is binary" \
    'let amount = BigDecimal(19.99)'
# An implicit member is looked up on Double here: the message says to name the type. (Tally once
# declared Decimal's constants on its protocol so that this compiled; they shadowed Foundation's
# and recursed forever: see DecimalConstantTests.)
refused "for a Decimal constant, name the type (Decimal.zero, not .zero)" \
    'let zero = BigDecimal(exactly: .zero)'
refused "cannot convert value of type 'Double' to expected argument type 'BigDecimal'" \
    'let price = Money(19.99, .usd)'
refused "cannot convert value of type 'Double' to expected argument type 'BigDecimal'" \
    'let rule = TaxRule(country: "US", rate: 0.0825)'
# A generator's functions are @Sendable (a generator may be shared between threads, and a review
# had a counter in one lose updates under four tasks): one that keeps mutable state is refused.
refused "in concurrently-executing code" \
    'import TallyTesting
func counting() -> Gen<Int> {
    var drawn = 0
    return Gen.int(in: 0...9).map { value -> Int in drawn += 1; return value }
}'

# The control: the same amounts as Tally takes them.
cat > "$work/Control.swift" <<'EOF'
import Foundation
import Tally
import TallyTesting
let fromText: BigDecimal = "19.99"
let fromDecimal = BigDecimal(exactly: Decimal(string: "19.99")!)
let fromInteger = BigDecimal(exactly: 1999)
let fromLiteral = BigDecimal(1999)
let count = 3
let fromInt = BigDecimal(count) + BigDecimal(exactly: count)!
let fromUInt64 = BigDecimal(UInt64.max)
let fromParts = BigDecimal(mantissa: 1999, exponent: -2, isNegative: false)
let converted = [Decimal(string: "0.07")!].compactMap(BigDecimal.init(exactly:))
let constants = [BigDecimal(exactly: Decimal.zero), BigDecimal(exactly: Decimal.pi), BigDecimal(exactly: Decimal.greatestFiniteMagnitude)]
let decimalZero: Decimal = .zero
let fromOptional = Decimal(string: "1.5").flatMap(BigDecimal.init(exactly:))
let fromNumber = BigDecimal(exactly: NSDecimalNumber(string: "2.25").decimalValue)
let price = Money(fromText, .usd)
let rule = TaxRule(country: "US", rate: "0.0825")
let step = 2
let doubled = Gen.int(in: 0...9).map { $0 * step }.filter { $0 < 18 }.flatMap { Gen.constant($0) }
EOF
if typecheck "$work/Control.swift" > "$work/control.log" 2>&1; then
    echo "the control compiles"
else
    echo "the control does not compile: the checks above prove nothing"
    cat "$work/control.log"
    exit 1
fi

if [ "$failures" -ne 0 ]; then
    echo "$failures promise(s) broken"
    exit 1
fi
