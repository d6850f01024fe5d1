#!/usr/bin/env bash
# Builds the A/B harness: the working tree and a base commit linked into one binary beside
# ../shared/yardstick, every function aligned to 64 bytes so that code placement does not decide
# a comparison. Sourced by ab.sh, footprint.sh and phases.sh (for `harness_toml`): `ab_build
# BASE` leaves the release binary at "$work/harness/target/release/kartya-ab".
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
repo="$(cd "$here/../.." && pwd)"
work="${AB_DIR:-$repo/target/ab}"

# harness_toml DIR NAME NEW BASE [DEPENDENCY]: the Cargo.toml of a harness crate that links the
# crate at NEW as `kartya` and the one at BASE as `kartya-base` (both with fat LTO, one unit)
harness_toml() {
  cat > "$1/Cargo.toml" <<TOML
[package]
name = "$2"
version = "0.0.0"
edition = "2021"
publish = false

[workspace]

[dependencies]
kartya = { path = "$3" }
kartya-base = { path = "$4" }
${5:-}

[profile.release]
lto = "fat"
codegen-units = 1
TOML
}

ab_build() {
  local base="$1"
  rm -rf "$work/base" "$work/harness"
  mkdir -p "$work/base" "$work/harness/src"
  git -C "$repo" archive "$base" | tar -x -C "$work/base"
  # the base as a crate of its own name, library only
  sed -i -e '0,/^name = "kartya"$/s//name = "kartya-base"/' -e '/^default-run/d' "$work/base/Cargo.toml"
  sed -i -e 's|^\[lib\]$|[lib]\nname = "kartya_base"|' "$work/base/Cargo.toml"
  sed -i -e '/^\[\[bin\]\]$/,/^$/d' "$work/base/Cargo.toml"
  harness_toml "$work/harness" kartya-ab "$repo" "$work/base" \
    "alsos-yardstick = { path = \"$repo/../shared/yardstick\" }"
  cp "$here/ab/main.rs" "$work/harness/src/main.rs"
  cp "$here/src/yard_block.rs" "$work/harness/src/yard_block.rs"
  (cd "$work/harness" && RUSTFLAGS="-C llvm-args=-align-all-functions=6 -C llvm-args=-align-all-nofallthru-blocks=5" \
    cargo build --release -q)
}
