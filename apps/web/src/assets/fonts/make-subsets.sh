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

# Inter's latin file cut to what the English and Hindi texts draw in Inter (apps/web/src/locales: ASCII, no-break
# space, © · – — ‘ ’ “ ” …), every weight, the default OpenType features and tabular numerals (docs/decisions/0022).
pyftsubset "$FILES-variable/inter/files/inter-latin-wght-normal.woff2" \
  --unicodes='U+0020-007E,U+00A0,U+00A9,U+00B7,U+2013,U+2014,U+2018,U+2019,U+201C,U+201D,U+2026' \
  --layout-features+=tnum --flavor=woff2 --output-file="$HERE/inter-basic.woff2"
