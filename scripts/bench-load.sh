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

port=$("$tmp/loadbench" -free-port)
pport=$("$tmp/loadbench" -free-port)
ADDR=127.0.0.1:$port GALLERY_PPROF_ADDR=127.0.0.1:$pport "$tmp/gallery" serve >"$tmp/server.log" 2>&1 &
server_pid=$!
base=http://127.0.0.1:$port
for _ in $(seq 100); do curl -fs "$base/healthz" >/dev/null 2>&1 && break; sleep 0.1; done
curl -fs "$base/healthz" >/dev/null || { cat "$tmp/server.log"; exit 1; }

# The gallery-home query of docs/api.md, first page of 100 photos.
www=$tmp/www
mkdir -p "$www/api"
cat >"$tmp/home.graphql" <<'EOF'
query GalleryHome($url: String!, $after: Cursor) {
  gallery(url: $url) {
    id url eventName eventDateString coverPhotoPosition
    coverPhoto { id urls { thumbnail viewer srcSet } }
    accessPolicy { isPublic needEmail hasClients }
    auth { accessCodeAuthorized isClient isPhotographer accessEmail connectedAs needEmail }
    theme { theme variant photosGap { value } photosLayout viewerLimitSize viewerMaxSize viewerVariant
            colorTheme { colors { primary secondary light accent } } }
    prices { formats { id name unitPrice { amount currency } onlyInPack kind digitalQuality watermark family { id } category { id } }
             families { id name matGlossOption whiteBordersOption whiteMarginAllowed category { id } }
             categories { id name section } }
    availablePacks { id pack displayName description unitPrice { amount } gift shippingIncludedTo offerType
                     formats { format { id name } quantity photos } digitalFiles { format { id } quantity webDescription hdDescription } }
    productImages { family { id } numberOfImages }
    downloadInformation { freeDownload qualities message }
    printOptions { nonHomotheticity { policy } whiteBorders { policy } finish }
    collectionNames album { activated maxPhotos } showFilename
    music { active trackId track { title url } } deliveryOptions
    welcomePopupConfig { mode messageForClients messageForVisitors }
    discounts { threshold { amount } percent } hideSaleEmphasis lightenHomepage
    photographer { name email phone website city }
    photographerSelectionCount
    ogData { title description image url siteName }
    photos(first: 100, after: $after) { totalCount pageInfo { hasNextPage endCursor }
      edges { node { id filename width height portrait ratio favorite collection dominantColor status
                     urls { thumbnail viewer srcSet } } } }
    videos(first: 20) { totalCount edges { node { id host title thumbnailUrl embedUrl } } }
  }
}
EOF
# JSON-encode the query without jq: escape backslashes, quotes and newlines.
q=$(sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' "$tmp/home.graphql" | awk '{printf "%s\\n", $0}')
printf '{"operationName":"GalleryHome","query":"%s","variables":{"url":"%s"}}' "$q" "$URL_SLUG" >"$tmp/home.json"

curl -fsS -H 'Content-Type: application/json' --data-binary "@$tmp/home.json" -o "$www/graphql" "$base/graphql"
if grep -q '"errors":' "$www/graphql"; then echo "bench-load: the home query failed:" >&2; head -c 600 "$www/graphql" >&2; exit 1; fi
gid=$(grep -o '"id":"gal_[a-z0-9]*"' "$www/graphql" | head -1 | cut -d'"' -f4)
curl -fsS -H "X-Gallery-Id: $gid" -o "$www/api/photos" "$base/api/photos"
# The same list as browsers get it: gzipped (curl without --compressed keeps
# the encoded bytes; nginx serves them as they are, with the same header).
curl -fsS -H "X-Gallery-Id: $gid" -H 'Accept-Encoding: gzip' -o "$www/api/photos.gz" "$base/api/photos"
gzip -t "$www/api/photos.gz" || { echo "bench-load: the server did not gzip GET /api/photos" >&2; exit 1; }

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
    location = /graphql { error_page 405 =200 \$uri; }
    location = /api/photos-gz { default_type application/json; add_header Content-Encoding gzip; alias $www/api/photos.gz; }
  }
}
EOF
nginx -e "$tmp/nginx/logs/error.log" -c "$tmp/nginx/nginx.conf" -p "$tmp/nginx/" >"$tmp/nginx/logs/stdout" 2>&1 &
nginx_pid=$!
nbase=http://127.0.0.1:$nport
for _ in $(seq 50); do curl -fs -o /dev/null "$nbase/api/photos" 2>/dev/null && break; sleep 0.1; done

cores=$(nproc)
mem=$(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo)
cpu=$(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo)
echo "== load ($db_kind): $CLIENTS clients, $DURATION each (after $WARMUP of warm-up), $ROUNDS rounds; $cores cores ($cpu), $mem; load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "   home query: $(wc -c <"$www/graphql") bytes; GET /api/photos: $(wc -c <"$www/api/photos") bytes ($PHOTOS photos), $(wc -c <"$www/api/photos.gz") gzipped"

results=$tmp/results.tsv
: >"$results"
load() { # name url expect-file [loadbench flags...]
	local name=$1 url=$2 expect=$3
	shift 3
	local prof= prof_pid=
	if [ -n "${BENCH_PROFILE_DIR:-}" ] && [[ $name == server-* ]]; then
		mkdir -p "$BENCH_PROFILE_DIR"
		prof=$BENCH_PROFILE_DIR/$name.pprof
		cp "$tmp/gallery" "$BENCH_PROFILE_DIR/gallery"
		(sleep "$WARMUP"; curl -fs -o "$prof" "http://127.0.0.1:$pport/debug/pprof/profile?seconds=5") &
		prof_pid=$!
	fi
	"$tmp/loadbench" -name "$name" -url "$url" -expect-file "$expect" -c "$CLIENTS" -d "$DURATION" -warmup "$WARMUP" -format tsv "$@" >>"$results"
	if [ -n "$prof_pid" ]; then wait "$prof_pid" || true; fi
}
hj=(-method POST -body-file "$tmp/home.json" -H 'Content-Type: application/json')
for round in $(seq "$ROUNDS"); do
	load nginx-home "$nbase/graphql" "$www/graphql" "${hj[@]}"
	load server-home "$base/graphql" "$www/graphql" "${hj[@]}"
	load nginx-photos "$nbase/api/photos" "$www/api/photos" -H "X-Gallery-Id: $gid"
	load server-photos "$base/api/photos" "$www/api/photos" -H "X-Gallery-Id: $gid"
	load nginx-photosgz "$nbase/api/photos-gz" "$www/api/photos.gz" -H 'Accept-Encoding: gzip'
	load server-photosgz "$base/api/photos" "$www/api/photos.gz" -H "X-Gallery-Id: $gid" -H 'Accept-Encoding: gzip'
	echo "   round $round done"
	BENCH_PROFILE_DIR= # profiles of the first round only
done

echo
awk -F'\t' '
	# median of the values kept for one target, "a b c"
	function median(list,    v, k, i, j, t) {
		k = split(list, v, " ")
		for (i = 2; i <= k; i++) for (j = i; j > 1 && v[j-1] + 0 > v[j] + 0; j--) { t = v[j]; v[j] = v[j-1]; v[j-1] = t }
		return (k % 2) ? v[(k + 1) / 2] : (v[k / 2] + v[k / 2 + 1]) / 2
	}
	{
		r[$1] = r[$1] " " $2; q50[$1] = q50[$1] " " $3; q99[$1] = q99[$1] " " $4; bytes[$1] = $6
		if ($1 ~ /^server-/) { g = "nginx-" substr($1, 8); ratios[$1] = ratios[$1] " " ($2 / last[g]) } else { last[$1] = $2 }
	}
	END {
		for (t in r) { rps[t] = median(r[t]); p50[t] = median(q50[t]); p99[t] = median(q99[t]) }
		printf "medians of %d rounds (req/s of each round:", '"$ROUNDS"'
		for (t in r) printf " %s%s", t, r[t]
		printf ")\n\n"
		printf "%-22s %10s %9s %9s %10s %8s\n", "target", "req/s", "p50 ms", "p99 ms", "bytes", "ratio"
		split("home photos photosgz", what, " ")
		for (i = 1; i <= 3; i++) {
			w = what[i]; s = "server-" w; g = "nginx-" w
			label = (w == "home") ? "gallery-home GraphQL" : (w == "photos") ? "GET /api/photos" : "GET /api/photos, gzip"
			printf "%-22s\n", label
			printf "  %-20s %10.0f %9.2f %9.2f %10d %8s\n", "nginx (ceiling)", rps[g], p50[g], p99[g], bytes[g], "1.00"
			printf "  %-20s %10.0f %9.2f %9.2f %10d %8.2f\n", "gallery server", rps[s], p50[s], p99[s], bytes[s], median(ratios[s])
		}
		print ""
		print "ratio: median of the rounds\x27 server/nginx ratios; targets: ratio >= 0.50 and server p99 < 50 ms"
	}' "$results"
if [ -n "$PROFILE_DIR" ]; then echo "profiles: $PROFILE_DIR (go tool pprof -top $PROFILE_DIR/gallery $PROFILE_DIR/server-home.pprof)"; fi
