#!/bin/sh
# Regenerates public/demo.webm, the product card shown beside the sign-in form (runtime config
# demoVideoUrl overrides it). Needs ffmpeg with libvpx-vp9 and the DejaVu fonts.
set -eu
cd "$(dirname "$0")/.."
FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
BOLD=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
card() { # title, subtitle, background colour
  printf "color=c=%s:s=640x360:d=2.5:r=25,drawtext=fontfile=%s:text='%s':fontsize=40:fontcolor=white:x=(w-text_w)/2:y=140,drawtext=fontfile=%s:text='%s':fontsize=22:fontcolor=0xDDE6F0:x=(w-text_w)/2:y=205" "$3" "$BOLD" "$1" "$FONT" "$2"
}
ffmpeg -hide_banner -loglevel error -y \
  -f lavfi -i "$(card 'Claims Verification' 'Health-claim review, automated' 0x1F4E79)" \
  -f lavfi -i "$(card 'Upload claim documents' 'Bills, reports and discharge summaries' 0x2B5F8E)" \
  -f lavfi -i "$(card 'Verified per procedure' 'Accepted, Query or Rejected with reasons' 0x1F4E79)" \
  -f lavfi -i "$(card 'Review the evidence' 'Jump to the page that proves each finding' 0x2B5F8E)" \
  -filter_complex "[0][1]xfade=transition=fade:duration=0.5:offset=2[a];[a][2]xfade=transition=fade:duration=0.5:offset=4[b];[b][3]xfade=transition=fade:duration=0.5:offset=6,format=yuv420p[v]" \
  -map "[v]" -c:v libvpx-vp9 -b:v 120k -deadline good -an public/demo.webm
ls -l public/demo.webm
