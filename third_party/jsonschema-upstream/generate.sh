#!/bin/sh
# Writes here the library's v6.0.3 sources exactly as released, with one change: the import path
# of its kind package, so that this copy and the fork (../jsonschema, which keeps the upstream
# path) can be linked into one test binary. Run it again to check the copy: git diff shows nothing.
set -eu
cd "$(dirname "$0")"
mod=github.com/santhosh-tekuri/jsonschema/v6
version=v6.0.3
sum='h1:1EYB5IzjZawrrnELUi78f9fPu57HuXjmddZPjrls/28=' # go.sum's line for v6.0.3 before the fork
self=github.com/gatehouse-dev/gatehouse/third_party/jsonschema-upstream

info=$(cd "$(mktemp -d)" && go mod download -json "$mod@$version")
src=$(printf '%s\n' "$info" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
got=$(printf '%s\n' "$info" | sed -n 's/^[[:space:]]*"Sum": "\(.*\)",$/\1/p')
[ "$got" = "$sum" ] || { echo "generate.sh: $mod@$version has sum $got, want $sum" >&2; exit 1; }

find . -maxdepth 1 -name '*.go' ! -name '*_test.go' -delete
rm -rf kind metaschemas LICENSE
for f in "$src"/*.go; do
	case "$f" in *_test.go) continue ;; esac
	sed "s|\"$mod/kind\"|\"$self/kind\"|" "$f" >"$(basename "$f")"
done
mkdir kind && cp "$src"/kind/*.go kind/
cp -R "$src"/metaschemas "$src"/LICENSE .
chmod -R u+w kind metaschemas LICENSE ./*.go
