#!/usr/bin/env bash
# Load benchmark of the gallery's hot reads against a static-file ceiling
# (make bench runs it; docs/performance.md records the figures).
#
# In one run: builds the server and cmd/loadbench, seeds a public gallery of
# BENCH_PHOTOS photos (gallery seed-bench) into a temporary DATA_DIR, starts
# the server, saves its answers to the gallery-home GraphQL query and to
# GET /api/photos (plain, and gzipped as browsers ask for it) as files, starts nginx (non-root, temporary prefix) serving
# exactly those bytes, then loads each URL with BENCH_CLIENTS concurrent
# clients for BENCH_DURATION and prints requests per second, p50 and p99,
# and the ratio to nginx. Every answer is compared with the saved bytes.
#
# Settings (environment): BENCH_PHOTOS (5000), BENCH_CLIENTS (50),
# BENCH_DURATION (10s), BENCH_WARMUP (2s), BENCH_ROUNDS (3: nginx and the
# server take turns, and the medians are printed, so that a change in the
# machine's load hits both), BENCH_DATABASE_URL (empty: SQLite
# in the temporary DATA_DIR; a postgres:// URL of an empty database
# otherwise), BENCH_PROFILE_DIR (when set, a 5 s CPU profile of the server
# under each load is written there), BENCH_KEEP=1 keeps the temporary
# directory.
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
"$tmp/gallery" seed-bench --photos "$PHOTOS" --url "$URL_SLUG"
# The seed's photographer (internal/seed.BenchPhotographerEmail) gets an API token.
"$tmp/gallery" photographer token --email bench@example.com --name bench-load >"$tmp/token.txt"

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
OPS="GalleryShell GalleryHome GalleryPhotos GalleryPhotos2 GalleryVideos GalleryShop GalleryPhotographerSelection"
www=$tmp/www
req=$tmp/req
mkdir -p "$www" "$req"

# Each viewer: a name and the request headers its browser (or script) sends.
# anonymous: the cookies a browser holds after its first request (the
# gallery page: sid and XSRF-TOKEN), replayed, and the X-XSRF-TOKEN header
# the client copies from the cookie.
# (without the built client the page answers 503, with the same cookies)
curl -sS -c "$tmp/anon.jar" -o /dev/null "$base/$URL_SLUG"
anon_cookie=$(awk -F'\t' 'NF >= 7 && ($1 !~ /^#/ || $1 ~ /^#HttpOnly_/) {printf "%s%s=%s", sep, $6, $7; sep="; "}' "$tmp/anon.jar")
xsrf=$(awk -F'\t' 'NF >= 7 && $6 == "XSRF-TOKEN" {print $7}' "$tmp/anon.jar")
case "$anon_cookie" in *sid=*) ;; *) echo "bench-load: no sid cookie after GET /$URL_SLUG: $anon_cookie" >&2; exit 1 ;; esac
[ -n "$xsrf" ] || { echo "bench-load: no XSRF-TOKEN cookie after GET /$URL_SLUG" >&2; exit 1; }
anonymous_h=(-H "Cookie: $anon_cookie" -H "X-XSRF-TOKEN: $xsrf")
# photographer: the seed's photographer with an API token.
ptoken=$(grep -v '^#' "$tmp/token.txt" | head -1)
photographer_h=(-H "Authorization: Bearer $ptoken")
# fresh: a browser's very first request, without any cookie (GalleryHome).
fresh_h=()
VIEWERS="anonymous photographer fresh"

# save viewer op: writes the body the client sends and the server's answer.
save() {
	local viewer=$1 op=$2 gop=$2 after= hs extra=()
	hs="${viewer}_h[@]"
	if [ "$op" = GalleryPhotos2 ]; then
		# The next page is asked once the shell has answered, so the client
		# sends the gallery header with it (lib/gallery-id.ts).
		extra=(-H "X-Gallery-Id: $gid")
		gop=GalleryPhotos
		after=$(grep -o '"endCursor":"[^"]*"' "$www/$viewer/GalleryPhotos" | head -1 | cut -d'"' -f4)
		[ -n "$after" ] || { echo "bench-load: $viewer: no endCursor in the first page of photos" >&2; exit 1; }
	fi
	"$tmp/loadbench" -client-body "$gop" -gallery-url "$URL_SLUG" -after "$after" -documents client/src/gql/gql.ts >"$req/$viewer-$op.json"
	mkdir -p "$www/$viewer"
	curl -fsS -H 'Content-Type: application/json' "${!hs}" "${extra[@]}" --data-binary "@$req/$viewer-$op.json" -o "$www/$viewer/$op" "$base/graphql"
	if grep -q '"errors":' "$www/$viewer/$op"; then echo "bench-load: $viewer $op failed:" >&2; head -c 600 "$www/$viewer/$op" >&2; exit 1; fi
}
gid=
for viewer in anonymous photographer; do
	for op in $OPS; do
		save "$viewer" "$op"
		if [ -z "$gid" ]; then gid=$(grep -o '"id":"gal_[a-z0-9]*"' "$www/$viewer/$op" | head -1 | cut -d'"' -f4); fi
	done
done
save fresh GalleryHome

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
for viewer in anonymous photographer fresh; do
	printf '   %s:' "$viewer"
	for f in "$www/$viewer"/*; do printf ' %s %s B' "${f##*/}" "$(wc -c <"$f")"; done
	echo
done

results=$tmp/results.tsv
export results
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
	[ "$op" = GalleryPhotos2 ] && extra=(-H "X-Gallery-Id: $gid")
	[ "$viewer" = fresh ] && flags=(-fresh)
	local args=(-method POST -body-file "$req/$viewer-$op.json" -H 'Content-Type: application/json' "${!hs}" "${extra[@]}" "${flags[@]}")
	load "nginx:$viewer:$op" "$nbase/$viewer/$op" "$www/$viewer/$op" "${args[@]}"
	load "server:$viewer:$op" "$base/graphql" "$www/$viewer/$op" "${args[@]}"
}
for round in $(seq "$ROUNDS"); do
	for op in $OPS; do bench anonymous "$op"; done
	for op in $OPS; do bench photographer "$op"; done
	bench fresh GalleryHome
	echo "   round $round done"
	BENCH_PROFILE_DIR= # profiles of the first round only
done

echo
awk -F'\t' -v rounds="$ROUNDS" -v ops="$OPS" '
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
		nv = split("anonymous photographer fresh", viewers, " ")
		no = split(ops, op, " ")
		fails = 0
		for (i = 1; i <= nv; i++) {
			v = viewers[i]
			title = (v == "anonymous") ? "anonymous visitor, public gallery (browser cookies sid + XSRF-TOKEN replayed)" : \
			        (v == "photographer") ? "photographer (API token)" : "fresh browser, first request (no cookies)"
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
		printf "\n%d target(s) missed (req/s of every round: %s)\n", fails, ENVIRON["results"]
	}' "$results"
if [ -n "$PROFILE_DIR" ]; then echo "profiles: $PROFILE_DIR (go tool pprof -top $PROFILE_DIR/gallery "$PROFILE_DIR/server:anonymous:GalleryHome.pprof")"; fi
