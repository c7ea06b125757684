#!/usr/bin/env bash
# Draws the web app's PNG icons (192 and 512 px, for the manifest) and the iPhone app's icon (1024 px, opaque and full
# bleed: iOS rounds the corners itself) from Sources/RepoFinderWeb/Assets/icon.svg with headless Chromium. Run it after
# changing the SVG; the PNGs are committed.
set -euo pipefail
cd "$(dirname "$0")/.."
assets=$(pwd)/Sources/RepoFinderWeb/Assets
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for size in 192 512; do
    printf '<html><body style="margin:0"><img src="file://%s/icon.svg" width="%s" height="%s"></body></html>' \
        "$assets" "$size" "$size" >"$work/icon.html"
    chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --default-background-color=00000000 \
        --window-size="$size,$size" --screenshot="$assets/icon-$size.png" "file://$work/icon.html" 2>/dev/null
    echo "icon-$size.png"
done
ios=$(pwd)/Apps/RepoFinder.swiftpm/Sources/Assets.xcassets/AppIcon.appiconset
sed 's/ rx="14"//' "$assets/icon.svg" >"$work/square.svg"
printf '<html><body style="margin:0"><img src="file://%s/square.svg" width="1024" height="1024"></body></html>' "$work" \
    >"$work/ios.html"
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --default-background-color=1f3fbfff \
    --window-size=1024,1024 --screenshot="$ios/icon-1024.png" "file://$work/ios.html" 2>/dev/null
echo "AppIcon.appiconset/icon-1024.png"
