#!/usr/bin/env bash
# Every public symbol of the library modules carries a doc comment (the project's standard).
# Reads the symbol graphs SwiftPM emits and lists each public or open symbol written in a source
# file of this package without one; symbols the compiler synthesizes (`hashValue` of a Hashable
# enum, a protocol's default implementations) have no source location and are not ours to
# document. Exits 1 when any is missing.
#
#   Scripts/check-doc-comments.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# Its status is not ours to judge: after a plain `swift build` the test modules are not built,
# and their graphs fail ("Couldn't load module 'TallyPackageTests'"). Every library's graph must
# be there instead, written by this run (checked below).
touch "$out/start"
sleep 1  # file times may have a one-second resolution
swift package dump-symbol-graph --minimum-access-level public --skip-inherited-docs >"$out/log" 2>&1 || true
dir=$(sed -n 's/^Files written to //p' "$out/log")
[ -d "$dir" ] || { echo "no symbol graphs (looked for 'Files written to' in the log)"; tail -20 "$out/log"; exit 1; }
for module in TallyDecimal TallyMoney TallyCheckout TallyPurchases TallyBridge TallyTesting; do
    [ -n "$(find "$dir/$module.symbols.json" -newer "$out/start" 2>/dev/null)" ] || {
        echo "no symbol graph written for $module:"; grep -i error "$out/log" | head -20; exit 1; }
done

python3 - "$dir" "$(pwd)/Sources/" <<'EOF'
import glob, json, sys
from collections import Counter
folder, sources = sys.argv[1], sys.argv[2]
libraries = ("TallyDecimal", "TallyMoney", "TallyCheckout", "TallyPurchases", "TallyBridge",
             "TallyTesting", "Tally")
counted, missing = Counter(), []
for path in sorted(glob.glob(f"{folder}/*.symbols.json")):
    module = path.rsplit("/", 1)[1].split(".")[0].split("@")[0]
    if module not in libraries:
        continue
    for symbol in json.load(open(path))["symbols"]:
        if symbol["accessLevel"] not in ("public", "open"):
            continue
        uri = symbol.get("location", {}).get("uri", "")
        if not uri.startswith("file://" + sources):
            continue  # synthesized by the compiler, or declared outside this package
        counted[module] += 1
        if not symbol.get("docComment", {}).get("lines"):
            where = uri[len("file://" + sources):]
            line = symbol["location"]["position"]["line"] + 1
            missing.append(f"{where}:{line}: {'.'.join(symbol['pathComponents'])}")
print("public symbols with a source location:",
      ", ".join(f"{m} {counted[m]}" for m in libraries if counted[m]), f"({sum(counted.values())})")
if missing:
    print(f"FAILED: {len(missing)} without a doc comment:")
    print("\n".join(sorted(set(missing))))
    sys.exit(1)
print("every one has a doc comment")
EOF
