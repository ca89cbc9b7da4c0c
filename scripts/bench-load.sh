#!/usr/bin/env bash
# Load benchmark of what the React client sends when it opens a gallery,
# against a static-file ceiling (make bench-load runs it; docs/performance.md
# records the figures).
#
# The requests are the client's own: the GraphQL documents of
# client/src/gql/gql.ts (graphql-codegen's output) with the fragments they
# use, and the variables the client gives them (loadbench -client-body,
# internal/clientdocs). Opening a gallery sends GalleryShell and
# GalleryHome (the whole home, with the first page of 48 photos:
# client/src/app/prefetch.ts, features/gallery/gallery-home-page.tsx; a
# returning viewer's GalleryShellWithCart, which needs the gallery's id, is
# not replayed); scrolling the grid sends GalleryPhotos with after: the
# first page's endCursor ("page 2", with the X-Gallery-Id header the client
# adds once the shell answered). GalleryPhotos without after (page 1 alone,
# no longer sent by the client) is kept for that cursor.
#
# In one run: builds the server and cmd/loadbench, seeds two galleries of
# BENCH_PHOTOS photos (gallery seed-bench) into a temporary DATA_DIR, bench-N
# (public) and bench-N-protected, gives the seed's photographer an API token
# (gallery photographer token), starts the server, closes bench-N-protected
# and makes a visitor code and a client code for it (photographer
# mutations), then for each viewer:
#   anonymous     bench-N, with the cookies a browser holds after its first
#                 request (sid, XSRF-TOKEN) and the X-XSRF-TOKEN header;
#   fresh         bench-N, GalleryHome only, without any cookie (a browser's
#                 very first request; loadbench -fresh keeps none);
#   photographer  bench-N, Authorization: Bearer <token>;
#   visitor       bench-N-protected, after the client's EnterAccessCode;
#   client        bench-N-protected, after EnterClientCode, RequestEmailCode
#                 and ConfirmEmail with the one-time code of the e-mail
#                 (DATA_DIR/outbox, SMTP_URL being empty).
# Each answer is saved as a file (any GraphQL error stops the run), nginx
# (non-root, temporary prefix) serves exactly those bytes, and each request
# is loaded against nginx, then the server, with BENCH_CLIENTS concurrent
# clients for BENCH_DURATION. Every answer is compared with the saved bytes.
# One table per viewer: operation, server req/s, p50, p99, nginx req/s,
# bytes, ratio and whether the targets (ratio >= 0.5, p99 < 50 ms) are met.
#
# Settings (environment): BENCH_PHOTOS (5000), BENCH_CLIENTS (50),
# BENCH_DURATION (10s), BENCH_WARMUP (2s), BENCH_ROUNDS (3: nginx and the
# server take turns, and the medians are printed, so that a change in the
# machine's load hits both), BENCH_DATABASE_URL (empty: SQLite
# in the temporary DATA_DIR; a postgres:// URL of an empty database
# otherwise), BENCH_PROFILE_DIR (when set, a 5 s CPU profile of the server
# under each load is written there), BENCH_KEEP=1 keeps the temporary
# directory (answers, request bodies, results.tsv).
#
# Duration: 29 loads per side and round, each BENCH_WARMUP + BENCH_DURATION
# (about 12 minutes a round with the defaults).
set -euo pipefail

GO=${GO:-go}
PHOTOS=${BENCH_PHOTOS:-5000}
CLIENTS=${BENCH_CLIENTS:-50}
DURATION=${BENCH_DURATION:-10s}
WARMUP=${BENCH_WARMUP:-2s}
ROUNDS=${BENCH_ROUNDS:-3}
PROFILE_DIR=${BENCH_PROFILE_DIR:-}
URL_SLUG=bench-$PHOTOS

cd "$(dirname "$0")/.."
command -v nginx >/dev/null || { echo "bench-load: nginx is missing (apt-get install -y nginx-light)" >&2; exit 1; }
command -v curl >/dev/null || { echo "bench-load: curl is missing" >&2; exit 1; }

tmp=$(mktemp -d /tmp/gallery-bench.XXXXXX)
server_pid=
nginx_pid=
cleanup() {
	[ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null || true
	[ -n "$nginx_pid" ] && kill "$nginx_pid" 2>/dev/null && wait "$nginx_pid" 2>/dev/null || true
	if [ "${BENCH_KEEP:-}" = 1 ]; then echo "bench-load: kept $tmp"; else rm -rf "$tmp"; fi
}
trap cleanup EXIT

echo "== build"
"$GO" build -o "$tmp/gallery" ./cmd/gallery
"$GO" build -o "$tmp/loadbench" ./cmd/loadbench

export DATA_DIR=$tmp/data
export DATABASE_URL=${BENCH_DATABASE_URL:-}
export LOG_LEVEL=${LOG_LEVEL:-warn}
mkdir -p "$DATA_DIR"
db_kind=SQLite
[ -n "$DATABASE_URL" ] && db_kind=PostgreSQL
echo "== seed: $PHOTOS photos ($db_kind)"
"$tmp/gallery" seed-bench --photos "$PHOTOS" --url "$URL_SLUG" | tee "$tmp/seed.txt"
# The seed's photographer (internal/seed.BenchPhotographerEmail) gets an API token.
"$tmp/gallery" photographer token --email bench@example.com --name bench-load >"$tmp/token.txt"
# A second gallery of the same photos, made protected below (visitor and
# client codes) once the server runs.
PROTECTED_SLUG=$URL_SLUG-protected
"$tmp/gallery" seed-bench --photos "$PHOTOS" --url "$PROTECTED_SLUG" | tee "$tmp/seed-protected.txt"
pgid=$(grep -o 'gal_[a-z0-9]*' "$tmp/seed-protected.txt" | head -1)

port=$("$tmp/loadbench" -free-port)
pport=$("$tmp/loadbench" -free-port)
ADDR=127.0.0.1:$port GALLERY_PPROF_ADDR=127.0.0.1:$pport "$tmp/gallery" serve >"$tmp/server.log" 2>&1 &
server_pid=$!
base=http://127.0.0.1:$port
for _ in $(seq 100); do curl -fs "$base/healthz" >/dev/null 2>&1 && break; sleep 0.1; done
curl -fs "$base/healthz" >/dev/null || { cat "$tmp/server.log"; exit 1; }

# What the React client sends when it opens the gallery (app/prefetch.ts and
# features/gallery/gallery-home-page.tsx), then when the grid is scrolled
# (the next page of photos): the documents of client/src/gql/gql.ts with
# their fragments and the client's own variables (loadbench -client-body).
# Opening a photo sends PhotoGallery and PhotoNode (features/photos), the
# shop ShopGallery (features/shop).
OPS="GalleryShell GalleryHome GalleryPhotos GalleryPhotos2 PhotoGallery PhotoNode ShopGallery"
www=$tmp/www
req=$tmp/req
mkdir -p "$www" "$req"

# Browsers: "browser NAME SLUG" opens the gallery page with a fresh cookie
# jar ($tmp/NAME.jar), as a browser's first request does (sid and
# XSRF-TOKEN come back; without the built client the page answers 503, with
# the same cookies). "jar_cookie NAME" is the Cookie header of that jar,
# "jar_xsrf NAME" the X-XSRF-TOKEN the client copies from the cookie.
browser() {
	curl -sS -c "$tmp/$1.jar" -o /dev/null "$base/$2"
	case "$(jar_cookie "$1")" in *sid=*) ;; *) echo "bench-load: no sid cookie after GET /$2" >&2; exit 1 ;; esac
	[ -n "$(jar_xsrf "$1")" ] || { echo "bench-load: no XSRF-TOKEN cookie after GET /$2" >&2; exit 1; }
}
jar_cookie() { awk -F'\t' 'NF >= 7 && ($1 !~ /^#/ || $1 ~ /^#HttpOnly_/) {printf "%s%s=%s", sep, $6, $7; sep="; "}' "$tmp/$1.jar"; }
jar_xsrf() { awk -F'\t' 'NF >= 7 && $6 == "XSRF-TOKEN" {print $7}' "$tmp/$1.jar"; }
# call NAME OP VARIABLES: the client's own mutation OP, sent from browser
# NAME (cookies kept in its jar); fails on errors or userErrors.
call() {
	local out
	out=$(curl -fsS -b "$tmp/$1.jar" -c "$tmp/$1.jar" -H 'Content-Type: application/json' -H "X-XSRF-TOKEN: $(jar_xsrf "$1")" \
		--data-binary "$("$tmp/loadbench" -client-body "$2" -variables "$3" -documents client/src/gql/gql.ts)" "$base/graphql")
	case "$out" in *'"errors":'*|*'"userErrors":[{'*) echo "bench-load: $1 $2 failed: ${out:0:600}" >&2; exit 1 ;; esac
}

# Each viewer: the request headers its browser (or script) sends, and the
# gallery it opens.
# anonymous: the public gallery, with the cookies its first request got.
browser anonymous "$URL_SLUG"
anonymous_h=(-H "Cookie: $(jar_cookie anonymous)" -H "X-XSRF-TOKEN: $(jar_xsrf anonymous)")
# photographer: the seed's photographer with an API token.
ptoken=$(grep -v '^#' "$tmp/token.txt" | head -1)
photographer_h=(-H "Authorization: Bearer $ptoken")
# fresh: a browser's very first request, without any cookie (GalleryHome).
fresh_h=()

# The protected gallery: the photographer (studio tools, not the client's
# documents: this is set-up, not measured) closes it and makes a visitor
# code and a client code.
studio() {
	local out
	out=$(curl -fsS -H 'Content-Type: application/json' -H "Authorization: Bearer $ptoken" --data-binary "$1" "$base/graphql")
	case "$out" in *'"errors":'*|*'"userErrors":[{'*) echo "bench-load: set-up failed: ${out:0:600}" >&2; exit 1 ;; esac
}
studio '{"query":"mutation($i: UpdateGalleryInput!) { updateGallery(input: $i) { userErrors { message } } }","variables":{"i":{"galleryId":"'"$pgid"'","settings":{"isPublic":false,"hasClients":true}}}}'
studio '{"query":"mutation($i: CreateAccessCodeInput!) { createAccessCode(input: $i) { userErrors { message } } }","variables":{"i":{"galleryId":"'"$pgid"'","kind":"visitor","code":"BENCH-VISITOR"}}}'
studio '{"query":"mutation($i: CreateAccessCodeInput!) { createAccessCode(input: $i) { userErrors { message } } }","variables":{"i":{"galleryId":"'"$pgid"'","kind":"client","code":"BENCH-CLIENT","email":"client@example.com"}}}'
# visitor: enters the visitor code (the access cookie joins the jar).
browser visitor "$PROTECTED_SLUG"
call visitor EnterAccessCode '{"input":{"galleryId":"'"$pgid"'","code":"BENCH-VISITOR"}}'
visitor_h=(-H "Cookie: $(jar_cookie visitor)" -H "X-XSRF-TOKEN: $(jar_xsrf visitor)")
# client: enters the client code, then confirms an e-mail with the one-time
# code the server mailed (DATA_DIR/outbox when SMTP_URL is empty).
browser client "$PROTECTED_SLUG"
call client EnterClientCode '{"input":{"galleryId":"'"$pgid"'","code":"BENCH-CLIENT"}}'
# E-mails already in the outbox are not the one-time code's (the job may
# not have sent it yet): wait for a new one that says how long its code is
# valid.
before=$(ls "$DATA_DIR"/outbox/ 2>/dev/null || true)
call client RequestEmailCode '{"input":{"galleryId":"'"$pgid"'","email":"client@example.com"}}'
# (a job sends it: wait for it)
eml=
for _ in $(seq 150); do
	for f in $(ls -t "$DATA_DIR"/outbox/ 2>/dev/null || true); do
		case $f in *.eml)
			grep -qxF "$f" <<<"$before" && continue
			grep -qiE 'valable|valid for|geldig' "$DATA_DIR/outbox/$f" && { eml=$DATA_DIR/outbox/$f; break; } ;;
		esac
	done
	[ -n "$eml" ] && break
	sleep 0.1
done
[ -n "$eml" ] || { echo "bench-load: no e-mail in $DATA_DIR/outbox" >&2; exit 1; }
otp=$(awk 'body {print} /^\r?$/ {body = 1}' "$eml" | grep -oE '(^|[^0-9])[0-9]{6}([^0-9]|$)' | grep -oE '[0-9]{6}' | head -1)
[ -n "$otp" ] || { echo "bench-load: no one-time code in $eml" >&2; exit 1; }
call client ConfirmEmail '{"input":{"galleryId":"'"$pgid"'","email":"client@example.com","code":"'"$otp"'"}}'
client_h=(-H "Cookie: $(jar_cookie client)" -H "X-XSRF-TOKEN: $(jar_xsrf client)")
VIEWERS="anonymous fresh photographer visitor client"
slug_of() { case $1 in visitor | client) echo "$PROTECTED_SLUG" ;; *) echo "$URL_SLUG" ;; esac; }
gid_of() { case $1 in visitor | client) echo "$pgid" ;; *) echo "$gid" ;; esac; }

# after_shell op: op is sent once the shell has answered, so the client
# sends the gallery header with it (lib/gallery-id.ts).
after_shell() { case $1 in GalleryPhotos2 | PhotoGallery | PhotoNode | ShopGallery) return 0 ;; *) return 1 ;; esac; }

# save viewer op: writes the body the client sends and the server's answer.
save() {
	local viewer=$1 op=$2 gop=$2 after= hs extra=()
	hs="${viewer}_h[@]"
	after_shell "$op" && extra=(-H "X-Gallery-Id: $(gid_of "$viewer")")
	if [ "$op" = GalleryPhotos2 ]; then
		gop=GalleryPhotos
		after=$(grep -o '"endCursor":"[^"]*"' "$www/$viewer/GalleryPhotos" | head -1 | cut -d'"' -f4)
		[ -n "$after" ] || { echo "bench-load: $viewer: no endCursor in the first page of photos" >&2; exit 1; }
	fi
	if [ "$op" = PhotoNode ]; then
		# The photo opened from the grid: the first of the first page.
		local pid
		pid=$(grep -o '"node":{"id":"[^"]*"' "$www/$viewer/GalleryPhotos" | head -1 | cut -d'"' -f6)
		[ -n "$pid" ] || { echo "bench-load: $viewer: no photo in the first page" >&2; exit 1; }
		"$tmp/loadbench" -client-body PhotoNode -variables '{"photoId":"'"$pid"'"}' -documents client/src/gql/gql.ts >"$req/$viewer-$op.json"
	else
		"$tmp/loadbench" -client-body "$gop" -gallery-url "$(slug_of "$viewer")" -after "$after" -documents client/src/gql/gql.ts >"$req/$viewer-$op.json"
	fi
	mkdir -p "$www/$viewer"
	curl -fsS -H 'Content-Type: application/json' "${!hs}" "${extra[@]}" --data-binary "@$req/$viewer-$op.json" -o "$www/$viewer/$op" "$base/graphql"
	if grep -q '"errors":' "$www/$viewer/$op"; then echo "bench-load: $viewer $op failed:" >&2; head -c 600 "$www/$viewer/$op" >&2; exit 1; fi
}
gid=$(grep -o 'gal_[a-z0-9]*' "$tmp/seed.txt" | head -1)
for viewer in $VIEWERS; do
	if [ "$viewer" = fresh ]; then save fresh GalleryHome; continue; fi
	for op in $OPS; do save "$viewer" "$op"; done
done

# nginx, as the current user, serving the saved answers from disk.
nport=$("$tmp/loadbench" -free-port)
mkdir -p "$tmp/nginx/logs" "$tmp/nginx/tmp"
chmod -R a+rX "$tmp"
user_line=
[ "$(id -u)" = 0 ] && user_line="user root;"
cat >"$tmp/nginx/nginx.conf" <<EOF
$user_line
worker_processes auto;
daemon off;
pid $tmp/nginx/nginx.pid;
error_log $tmp/nginx/logs/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path $tmp/nginx/tmp/body;
  proxy_temp_path $tmp/nginx/tmp/proxy;
  fastcgi_temp_path $tmp/nginx/tmp/fastcgi;
  uwsgi_temp_path $tmp/nginx/tmp/uwsgi;
  scgi_temp_path $tmp/nginx/tmp/scgi;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  keepalive_timeout 60s;
  server {
    listen 127.0.0.1:$nport;
    root $www;
    default_type application/json;
    # The static module refuses POST with 405: answer the file instead.
    error_page 405 =200 \$uri;
  }
}
EOF
nginx -e "$tmp/nginx/logs/error.log" -c "$tmp/nginx/nginx.conf" -p "$tmp/nginx/" >"$tmp/nginx/logs/stdout" 2>&1 &
nginx_pid=$!
nbase=http://127.0.0.1:$nport
for _ in $(seq 50); do curl -fs -o /dev/null "$nbase/fresh/GalleryHome" 2>/dev/null && break; sleep 0.1; done

cores=$(nproc)
mem=$(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo)
cpu=$(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo)
echo "== load ($db_kind): $CLIENTS clients, $DURATION each (after $WARMUP of warm-up), $ROUNDS rounds; $cores cores ($cpu), $mem; load average $(cut -d' ' -f1-3 /proc/loadavg)"
for viewer in $VIEWERS; do
	printf '   %s:' "$viewer"
	for f in "$www/$viewer"/*; do printf ' %s %s B' "${f##*/}" "$(wc -c <"$f")"; done
	echo
done

results=$tmp/results.tsv
: >"$results"
load() { # name url expect-file [loadbench flags...]
	local name=$1 url=$2 expect=$3
	shift 3
	local prof= prof_pid=
	if [ -n "${BENCH_PROFILE_DIR:-}" ] && [[ $name == server:* ]]; then
		mkdir -p "$BENCH_PROFILE_DIR"
		prof=$BENCH_PROFILE_DIR/$name.pprof
		cp "$tmp/gallery" "$BENCH_PROFILE_DIR/gallery"
		(sleep "$WARMUP"; curl -fs -o "$prof" "http://127.0.0.1:$pport/debug/pprof/profile?seconds=5") &
		prof_pid=$!
	fi
	"$tmp/loadbench" -name "$name" -url "$url" -expect-file "$expect" -c "$CLIENTS" -d "$DURATION" -warmup "$WARMUP" -format tsv "$@" >>"$results"
	if [ -n "$prof_pid" ]; then wait "$prof_pid" || true; fi
}
# bench viewer op: nginx, then the server, with the same request.
bench() {
	local viewer=$1 op=$2 hs extra=() flags=()
	hs="${viewer}_h[@]"
	after_shell "$op" && extra=(-H "X-Gallery-Id: $(gid_of "$viewer")")
	[ "$viewer" = fresh ] && flags=(-fresh)
	local args=(-method POST -body-file "$req/$viewer-$op.json" -H 'Content-Type: application/json' "${!hs}" "${extra[@]}" "${flags[@]}")
	load "nginx:$viewer:$op" "$nbase/$viewer/$op" "$www/$viewer/$op" "${args[@]}"
	load "server:$viewer:$op" "$base/graphql" "$www/$viewer/$op" "${args[@]}"
}
for round in $(seq "$ROUNDS"); do
	for viewer in $VIEWERS; do
		if [ "$viewer" = fresh ]; then bench fresh GalleryHome; continue; fi
		for op in $OPS; do bench "$viewer" "$op"; done
	done
	echo "   round $round done"
	BENCH_PROFILE_DIR= # profiles of the first round only
done

echo
awk -F'\t' -v rounds="$ROUNDS" -v ops="$OPS" -v viewers="$VIEWERS" '
	# median of the values kept for one target, "a b c"
	function median(list,    v, k, i, j, t) {
		k = split(list, v, " ")
		for (i = 2; i <= k; i++) for (j = i; j > 1 && v[j-1] + 0 > v[j] + 0; j--) { t = v[j]; v[j] = v[j-1]; v[j-1] = t }
		return (k % 2) ? v[(k + 1) / 2] : (v[k / 2] + v[k / 2 + 1]) / 2
	}
	{
		# names are side:viewer:op
		r[$1] = r[$1] " " $2; q50[$1] = q50[$1] " " $3; q99[$1] = q99[$1] " " $4; bytes[$1] = $6
		split($1, n, ":"); key = n[2] ":" n[3]
		if (n[1] == "server") ratios[key] = ratios[key] " " ($2 / last[key]); else last[key] = $2
	}
	END {
		for (t in r) { rps[t] = median(r[t]); p50[t] = median(q50[t]); p99[t] = median(q99[t]) }
		printf "medians of %d rounds; ratio: median of the rounds\x27 server/nginx ratios; targets: ratio >= 0.50 and server p99 < 50 ms\n", rounds
		nv = split(viewers, viewer, " ")
		no = split(ops, op, " ")
		fails = 0
		for (i = 1; i <= nv; i++) {
			v = viewer[i]
			title = (v == "anonymous") ? "anonymous visitor, public gallery (browser cookies sid + XSRF-TOKEN replayed)" : \
			        (v == "photographer") ? "photographer, public gallery (API token)" : \
			        (v == "visitor") ? "visitor with an access code, protected gallery (cookies incl. access_{galleryId})" : \
			        (v == "client") ? "client with a client code and a confirmed e-mail, protected gallery (cookies incl. identity)" : \
			        "fresh browser, first request (no cookies), public gallery"
			printf "\n%s\n", title
			printf "  %-30s %10s %9s %9s %10s %10s %7s  %s\n", "operation", "server r/s", "p50 ms", "p99 ms", "nginx r/s", "bytes", "ratio", "targets"
			for (j = 1; j <= no; j++) {
				key = v ":" op[j]; s = "server:" key; g = "nginx:" key
				if (!(s in r)) continue
				label = (op[j] == "GalleryPhotos") ? "GalleryPhotos (page 1)" : (op[j] == "GalleryPhotos2") ? "GalleryPhotos (page 2)" : op[j]
				ratio = median(ratios[key])
				ok = (ratio >= 0.5 && p99[s] < 50) ? "met" : ((ratio < 0.5 ? "ratio " : "") (p99[s] >= 50 ? "p99 " : "") "missed")
				if (ok != "met") fails++
				printf "  %-30s %10.0f %9.2f %9.2f %10.0f %10d %7.2f  %s\n", label, rps[s], p50[s], p99[s], rps[g], bytes[s], ratio, ok
			}
		}
		printf "\n%d target(s) missed (every round\x27s figures: results.tsv, kept with BENCH_KEEP=1)\n", fails
	}' "$results"
if [ -n "$PROFILE_DIR" ]; then echo "profiles: $PROFILE_DIR (go tool pprof -top $PROFILE_DIR/gallery "$PROFILE_DIR/server:anonymous:GalleryHome.pprof")"; fi
