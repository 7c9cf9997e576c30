#!/usr/bin/env bash
# The S3 peer works as the S3 suites need it: the reference client (Debian's /usr/bin/aws) does a
# whole multipart upload on it, aborts another, and is refused with a wrong key. Run by ctest with
# the `rgw` fixture (tests/support/rgw/rgw.sh), which names its env file in HOIST_RGW_ENV.
# Each step is asserted; the first that does not hold fails the test with what it saw. Every aws
# call costs about a second of CPU, so there are no more than the checks need; the bucket is left
# to the cluster, which the fixture deletes.
set -euo pipefail

# Ends the test from anywhere, a command substitution too (whose own exit would only end itself).
trap 'exit 1' USR1
fail() {
  echo "FAIL: $*" >&2
  kill -USR1 $$
  exit 1
}

step() { echo "-- $*"; }

expect_eq() { # ACTUAL EXPECTED WHAT
  [ "$1" = "$2" ] || fail "$3: got '$1', expected '$2'"
}

[ -n "${HOIST_RGW_ENV:-}" ] || fail "HOIST_RGW_ENV is not set (run through ctest: the rgw fixture)"
[ -r "$HOIST_RGW_ENV" ] || fail "no env file $HOIST_RGW_ENV: the rgw fixture did not start"
# shellcheck source=/dev/null
. "$HOIST_RGW_ENV"
for var in HOIST_S3_ENDPOINT HOIST_S3_REGION HOIST_S3_ACCESS_KEY HOIST_S3_SECRET_KEY; do
  [ -n "${!var:-}" ] || fail "$var missing from $HOIST_RGW_ENV"
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Only what this test sets: no ~/.aws, one attempt per request (a retried 5xx would hide a fault).
export AWS_CONFIG_FILE=$work/aws-config AWS_SHARED_CREDENTIALS_FILE=$work/aws-credentials
export AWS_ACCESS_KEY_ID=$HOIST_S3_ACCESS_KEY AWS_SECRET_ACCESS_KEY=$HOIST_S3_SECRET_KEY
export AWS_DEFAULT_REGION=$HOIST_S3_REGION AWS_MAX_ATTEMPTS=1 AWS_RETRY_MODE=standard
export AWS_PAGER="" AWS_EC2_METADATA_DISABLED=true

s3() { /usr/bin/aws --endpoint-url "$HOIST_S3_ENDPOINT" --output json s3api "$@"; }

# The HTTP status and S3 error code of the last response in an aws --debug log ("403 Code").
# aws itself cannot say: it crashes on RGW's error bodies, whose <Message> is empty.
answer_in() {
  local status code
  status=$(grep -oE 'HTTP/1\.1" [0-9]{3}' "$1" | tail -n 1 | cut -d' ' -f2)
  code=$(grep -oE '<Code>[^<]*</Code>' "$1" | tail -n 1 | sed -E 's/<\/?Code>//g')
  echo "${status:-none} ${code:-none}"
}

# s3 that must succeed: its stdout. On a failure, the same request again with --debug says what
# the server answered.
ok() {
  local out status=0
  out=$(s3 "$@" 2>"$work/stderr") || status=$?
  if [ $status -ne 0 ]; then
    s3 "$@" --debug >/dev/null 2>"$work/debug" || true
    fail "aws s3api $1 failed (status $status), the server answered $(answer_in "$work/debug"): $(tail -n 3 "$work/stderr")"
  fi
  printf '%s' "$out"
}

# s3 that must be refused: prints "STATUS CODE" of the response.
refused() {
  if s3 "$@" --debug >/dev/null 2>"$work/debug"; then
    fail "aws s3api $1 succeeded; expected a refusal"
  fi
  answer_in "$work/debug"
}

json() { # JSON PYTHON-EXPRESSION-ON-d
  /usr/bin/python3 -c 'import json, sys; d = json.loads(sys.argv[1] or "{}"); print(eval(sys.argv[2]))' "$1" "$2"
}

md5hex() { md5sum "$1" | cut -d' ' -f1; }

bucket=tst-rgw-peer-$(date +%s)-$$
key="dir/multi part.bin"

step "create bucket $bucket"
ok create-bucket --bucket "$bucket" >/dev/null

step "multipart upload: 5 MiB + 1 byte"
head -c $((5 * 1024 * 1024)) /dev/urandom >"$work/part1"
head -c 1 /dev/urandom >"$work/part2"
upload=$(json "$(ok create-multipart-upload --bucket "$bucket" --key "$key")" 'd["UploadId"]')
[ -n "$upload" ] || fail "CreateMultipartUpload gave no UploadId"
etags=()
for n in 1 2; do
  # Content-MD5 as a client sends it; RGW checks it (BadDigest) and answers the MD5 as ETag.
  md5b64=$(/usr/bin/python3 -c 'import base64, hashlib, sys; print(base64.b64encode(hashlib.md5(open(sys.argv[1], "rb").read()).digest()).decode())' "$work/part$n")
  etag=$(json "$(ok upload-part --bucket "$bucket" --key "$key" --upload-id "$upload" \
    --part-number "$n" --body "$work/part$n" --content-md5 "$md5b64")" 'd["ETag"]')
  expect_eq "$etag" "\"$(md5hex "$work/part$n")\"" "ETag of part $n"
  etags+=("$etag")
done

step "ListParts"
parts=$(ok list-parts --bucket "$bucket" --key "$key" --upload-id "$upload")
expect_eq "$(json "$parts" '[(p["PartNumber"], p["Size"], p["ETag"]) for p in d["Parts"]]')" \
  "[(1, 5242880, '${etags[0]}'), (2, 1, '${etags[1]}')]" "ListParts"

step "CompleteMultipartUpload"
printf '{"Parts": [{"PartNumber": 1, "ETag": "\\"%s\\""}, {"PartNumber": 2, "ETag": "\\"%s\\""}]}' \
  "$(md5hex "$work/part1")" "$(md5hex "$work/part2")" >"$work/complete.json"
complete=$(ok complete-multipart-upload --bucket "$bucket" --key "$key" --upload-id "$upload" \
  --multipart-upload "file://$work/complete.json")
expect_eq "$(json "$complete" 'd["Key"]')" "$key" "CompleteMultipartUpload's key"

step "GetObject: the same bytes"
head=$(ok get-object --bucket "$bucket" --key "$key" "$work/object")
cat "$work/part1" "$work/part2" >"$work/expected"
cmp "$work/expected" "$work/object" || fail "the object's bytes differ from the parts sent"
expect_eq "$(json "$head" 'd["ContentLength"]')" 5242881 "the object's length"
# A multipart object's ETag: the MD5 of its parts' MD5s, then "-" and their count.
multipart_etag=$(/usr/bin/python3 -c 'import hashlib, sys; print(hashlib.md5(b"".join(hashlib.md5(open(f, "rb").read()).digest() for f in sys.argv[1:])).hexdigest())' "$work/part1" "$work/part2")
expect_eq "$(json "$head" 'd["ETag"]')" "\"$multipart_etag-2\"" "the object's ETag"

step "AbortMultipartUpload leaves no upload behind"
aborted=$(json "$(ok create-multipart-upload --bucket "$bucket" --key aborted.bin)" 'd["UploadId"]')
ok upload-part --bucket "$bucket" --key aborted.bin --upload-id "$aborted" --part-number 1 \
  --body "$work/part2" >/dev/null
expect_eq "$(json "$(ok list-multipart-uploads --bucket "$bucket")" '[u["UploadId"] for u in d.get("Uploads", [])]')" \
  "['$aborted']" "uploads in progress before the abort"
ok abort-multipart-upload --bucket "$bucket" --key aborted.bin --upload-id "$aborted" >/dev/null
expect_eq "$(json "$(ok list-multipart-uploads --bucket "$bucket")" 'len(d.get("Uploads", []))')" 0 \
  "uploads in progress after the abort"

step "a wrong secret: 403 SignatureDoesNotMatch"
expect_eq "$(AWS_SECRET_ACCESS_KEY="wrong-$HOIST_S3_SECRET_KEY" refused list-objects-v2 --bucket "$bucket")" \
  "403 SignatureDoesNotMatch" "ListObjectsV2 with a wrong secret"
expect_eq "$(AWS_ACCESS_KEY_ID=NOSUCHKEY0000000000 refused list-objects-v2 --bucket "$bucket")" \
  "403 InvalidAccessKeyId" "ListObjectsV2 with an unknown access key"

echo "PASS: tst_rgw_peer against $HOIST_S3_ENDPOINT"
