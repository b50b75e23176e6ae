#!/usr/bin/env bash
# Transcribe recordings from a script with nothing but an API token (Preferences → API tokens,
# scopes read and write), learn that a transcript is ready from a signed webhook, fetch its SRT.
# Needs bash, curl, openssl and jq.
#
#   export TRANSCRIBE_API=https://your-app.example.com/api/v1 TRANSCRIBE_TOKEN=tr_…
#   transcribe.sh webhook https://hooks.example.com/transcripts   # once: prints "<id> <secret>"
#   transcribe.sh upload interview.mp3 [folder-id]                # prints the new file's id
#   transcribe.sh receive <secret> <out-dir>                      # the webhook handler, see below
#   transcribe.sh srt <file-id> <out.srt>                         # any time after file.ready
#
# `receive` handles one delivery the CGI way: the raw body on stdin and the signature header in
# HTTP_X_WEBHOOK_SIGNATURE. It refuses a delivery whose signature or timestamp is wrong (exit 3,
# answer 400), and on `file.ready` writes <out-dir>/<file-id>.srt. Files larger than the single
# upload allows need uploads in parts (docs/api.md, "Uploads in parts").
set -euo pipefail

API=${TRANSCRIBE_API:-http://localhost:8787/api/v1}
# A delivery signed longer ago than this is refused, so a captured one cannot be replayed later.
TOLERANCE_SECONDS=300

fail() { echo "transcribe.sh: $*" >&2; exit "${2:-1}"; }

# One API call: method, path, optional JSON body. Prints the answer; a 4xx or 5xx ends the script
# with the answer's `error`.
api() {
  local method=$1 path=$2 body=${3:-} out status
  [ -n "${TRANSCRIBE_TOKEN:-}" ] || fail "set TRANSCRIBE_TOKEN to an API token"
  out=$(mktemp)
  status=$(curl -sS -o "$out" -w '%{http_code}' -X "$method" "$API$path" \
    -H "Authorization: Bearer $TRANSCRIBE_TOKEN" -H 'Content-Type: application/json' \
    ${body:+--data-binary "$body"})
  if [ "$status" -ge 400 ]; then
    local error
    error=$(jq -r '.error // "unknown error"' <"$out" 2>/dev/null || cat "$out")
    rm -f "$out"
    fail "$method $path answered $status: $error"
  fi
  cat "$out"
  rm -f "$out"
}

media_type() {
  case "${1,,}" in
    *.mp3) echo audio/mpeg ;; *.wav) echo audio/wav ;; *.m4a) echo audio/mp4 ;; *.ogg | *.opus) echo audio/ogg ;;
    *.webm) echo audio/webm ;; *.flac) echo audio/flac ;; *.mp4) echo video/mp4 ;; *.mov) echo video/quicktime ;;
    *) fail "unknown media type of $1" ;;
  esac
}

create_webhook() {
  local url=${1:?receiver URL}
  api POST /webhooks "$(jq -nc --arg url "$url" '{url: $url, events: ["file.ready", "file.failed"]}')" |
    jq -r '.data | "\(.id) \(.secret)"'
}

upload() {
  local file=${1:?file} folder=${2:-} name size type link key
  [ -f "$file" ] || fail "no such file: $file"
  name=$(basename "$file")
  size=$(wc -c <"$file" | tr -d ' ')
  type=$(media_type "$name")
  link=$(api POST /audio_files/upload-url \
    "$(jq -nc --arg n "$name" --arg t "$type" --argjson s "$size" '{filename: $n, content_type: $t, file_size: $s}')")
  key=$(jq -r .key <<<"$link")
  # The link goes straight to storage: the server chose the stored type, sent back with it.
  curl -sS --fail-with-body -X PUT "$(jq -r .upload_url <<<"$link")" \
    -H "Content-Type: $(jq -r .content_type <<<"$link")" --data-binary @"$file" >/dev/null
  api POST /audio_files/confirm-upload "$(jq -nc --arg n "$name" --arg k "$key" --arg t "$(jq -r .content_type <<<"$link")" \
    --argjson s "$size" --arg f "$folder" '{filename: $n, key: $k, file_size: $s, content_type: $t,
      folder_id: (if $f == "" then null else $f end)}')" | jq -r .data.id
}

# Prints the delivery's body when its signature is right: "t=<unix seconds>,v1=<hex HMAC-SHA256
# of '<t>.<raw body>' under the webhook's secret>".
verified_body() {
  local secret=$1 body=$2 header=${HTTP_X_WEBHOOK_SIGNATURE:-} t sent expected now
  t=$(sed -n 's/.*t=\([0-9]*\).*/\1/p' <<<"$header")
  sent=$(sed -n 's/.*v1=\([0-9a-f]*\).*/\1/p' <<<"$header")
  [ -n "$t" ] && [ -n "$sent" ] || return 1
  now=$(date +%s)
  [ $((now - t)) -le $TOLERANCE_SECONDS ] && [ $((t - now)) -le $TOLERANCE_SECONDS ] || return 1
  expected=$({ printf '%s.' "$t"; cat "$body"; } | openssl dgst -sha256 -hmac "$secret" -r | cut -d' ' -f1)
  [ "$expected" = "$sent" ]
}

receive() {
  local secret=${1:?webhook secret} out_dir=${2:?output directory} body file_id
  body=$(mktemp)
  trap 'rm -f "$body"' RETURN
  cat >"$body"
  verified_body "$secret" "$body" || fail "refused a delivery with a wrong signature or timestamp" 3
  [ "$(jq -r .type <"$body")" = file.ready ] || return 0
  file_id=$(jq -r .data.file_id <"$body")
  download_srt "$file_id" "$out_dir/$file_id.srt"
}

download_srt() {
  local file_id=${1:?file id} out=${2:?output file} export_id status
  export_id=$(api POST "/transcripts/$file_id/request-export" '{"format":"srt"}' | jq -r .data.id)
  for _ in $(seq 1 120); do
    status=$(api GET "/exports/$export_id" | jq -r .data.status)
    case $status in
      completed) break ;;
      failed) fail "the SRT export of $file_id failed" ;;
      *) sleep 1 ;;
    esac
  done
  [ "$status" = completed ] || fail "the SRT export of $file_id took too long"
  curl -sS --fail-with-body -o "$out" "$(api GET "/exports/$export_id/download" | jq -r .download_url)"
}

case ${1:-} in
  webhook) create_webhook "${@:2}" ;;
  upload) upload "${@:2}" ;;
  receive) receive "${@:2}" ;;
  srt) download_srt "${@:2}" ;;
  *) sed -n '2,15p' "$0" >&2; exit 2 ;;
esac
