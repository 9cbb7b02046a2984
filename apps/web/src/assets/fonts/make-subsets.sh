#!/bin/sh
# Rebuilds the two tiny fonts in this folder from the fonts the app already ships (docs/decisions/0017-css-and-fonts.md).
# Needs fontTools with brotli for WOFF2 (Debian: apt-get install fonttools python3-brotli). Run from the repository root:
#   sh apps/web/src/assets/fonts/make-subsets.sh
set -eu
HERE=apps/web/src/assets/fonts
FILES=node_modules/@fontsource

# "हिन्दी" on the language switch, in the weight the switch shows it (Mantine's medium, 600, matches the 700 face),
# with Devanagari's shaping tables so ि reorders and न्द joins as in the full font.
pyftsubset "$FILES/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff2" \
  --text='हिन्दी' --layout-features='*' --flavor=woff2 --output-file="$HERE/hindi-label.woff2"

# "₹" alone from Inter's latin-ext file, keeping the weight axis so it matches the surrounding Inter text.
pyftsubset "$FILES-variable/inter/files/inter-latin-ext-wght-normal.woff2" \
  --unicodes='U+20B9' --layout-features='*' --flavor=woff2 --output-file="$HERE/inter-rupee.woff2"
