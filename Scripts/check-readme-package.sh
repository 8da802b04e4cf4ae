#!/usr/bin/env bash
# Builds and runs the README's "Adding Tally to your package" example as a new user would: its
# Package.swift and main.swift, taken from the README's text, in a package beside a folder named
# Tally that is this checkout, and checks the printed line against the one the README shows.
#
#   Scripts/check-readme-package.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
root=$(pwd)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ln -s "$root" "$work/Tally"
mkdir -p "$work/Shop/Sources/Shop"

python3 - "$root/README.md" "$work/Shop" <<'EOF'
import re, sys
readme, package = open(sys.argv[1]).read(), sys.argv[2]
section = readme.split("## Adding Tally to your package", 1)[1].split("\n## ", 1)[0]
manifest = re.search(r"```swift\n(// swift-tools-version.*?)```", section, re.S)
main = re.search(r"holding\n\n```swift\n(.*?)```", section, re.S)
printed = re.search(r"`swift run Shop` prints `([^`]*)`", section)
if not (manifest and main and printed):
    sys.exit("the README's dependency example is not where this script looks for it")
open(f"{package}/Package.swift", "w").write(manifest.group(1))
open(f"{package}/Sources/Shop/main.swift", "w").write(main.group(1))
open(f"{package}/expected.txt", "w").write(printed.group(1) + "\n")
EOF

cd "$work/Shop"
swift build --product Shop > build.log 2>&1 || { tail -40 build.log; exit 1; }
swift run --skip-build Shop > printed.txt
if ! cmp -s printed.txt expected.txt; then
    echo "the README says \`swift run Shop\` prints $(cat expected.txt); it printed:"
    cat printed.txt
    exit 1
fi
echo "the README's package example builds and prints $(cat printed.txt)"
