#!/usr/bin/env bash
# Regenerates the home-page demo video and its poster:
#   apps/web/public/media/mohar-demo.webm  (VP9, 640x360, no audio)
#   apps/web/public/media/mohar-demo.mp4   (H.264, 640x360, no audio)
#   apps/web/public/media/mohar-demo-poster.jpg (640x360)
# Needs: node, ffmpeg (with libvpx-vp9 and libx264) and rsvg-convert (Debian/Ubuntu: apt-get install -y librsvg2-bin).
# Usage: scripts/media/make-demo-video.sh
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
OUT="$ROOT/apps/web/public/media"
FPS=24
DURATION=12
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

for tool in node ffmpeg rsvg-convert; do
  command -v "$tool" >/dev/null || { echo "missing: $tool" >&2; exit 1; }
done

mkdir -p "$OUT" "$WORK/svg" "$WORK/png"
node "$ROOT/scripts/media/demo-frames.mjs" "$WORK/svg" "$FPS" "$DURATION"

echo "rasterising frames..."
for svg in "$WORK"/svg/*.svg; do
  name="$(basename "$svg" .svg)"
  rsvg-convert -w 640 -h 360 -b '#F7F7FB' "$svg" -o "$WORK/png/$name.png"
done

echo "encoding webm (VP9)..."
ffmpeg -y -loglevel error -framerate "$FPS" -i "$WORK/png/frame-%04d.png" \
  -c:v libvpx-vp9 -b:v 0 -crf 40 -row-mt 1 -deadline good -cpu-used 2 -pix_fmt yuv420p -an \
  "$OUT/mohar-demo.webm"

echo "encoding mp4 (H.264)..."
ffmpeg -y -loglevel error -framerate "$FPS" -i "$WORK/png/frame-%04d.png" \
  -c:v libx264 -preset slow -crf 28 -tune animation -profile:v main -pix_fmt yuv420p -movflags +faststart -an \
  "$OUT/mohar-demo.mp4"

echo "writing poster..."
# The poster is the last frame: the sealed document with the green check.
LAST="$(ls "$WORK"/png/frame-*.png | tail -n 1)"
ffmpeg -y -loglevel error -i "$LAST" -q:v 4 "$OUT/mohar-demo-poster.jpg"

ls -l "$OUT"/mohar-demo*
