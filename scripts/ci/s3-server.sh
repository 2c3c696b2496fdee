#!/usr/bin/env bash
# A private, signature-checking S3 server for tests and CI: Ceph radosgw (Debian's `radosgw`,
# `ceph-mon`, `ceph-osd` packages) on a one-monitor, one-OSD RADOS cluster that keeps its objects in
# memory (memstore, as Ceph's own vstart.sh does for tests). Everything lives in one directory and on
# two free loopback ports; nothing shared on the machine is touched.
#
#   scripts/ci/s3-server.sh start   start it (or reuse a running one) and print the env lines
#   scripts/ci/s3-server.sh env     print the env lines of the running server
#   scripts/ci/s3-server.sh stop    stop its daemons and delete the directory
#
# Directory: $S3_SERVER_DIR (default /tmp/khai-tri-s3). The env lines (also in $S3_SERVER_DIR/env) are
# the app's own variables: S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_FORCE_PATH_STYLE, S3_ACCESS_KEY_ID,
# S3_SECRET_ACCESS_KEY. Export them with: set -a; . /tmp/khai-tri-s3/env; set +a
set -euo pipefail

DIR="${S3_SERVER_DIR:-/tmp/khai-tri-s3}"
BUCKET="${S3_SERVER_BUCKET:-khai-tri}"
REGION=us-east-1
CONF="$DIR/ceph.conf"

die() {
  printf 's3-server: %s\n' "$*" >&2
  if [ -d "$DIR/log" ]; then
    for log in "$DIR"/log/*.log; do
      [ -f "$log" ] && { printf '── %s (tail)\n' "$log" >&2; tail -n 15 "$log" >&2; }
    done
  fi
  exit 1
}

free_port() {
  local port
  for _ in $(seq 1 200); do
    port=$((20000 + RANDOM % 30000))
    if ! ss -Htln "sport = :$port" | grep -q .; then
      echo "$port"
      return
    fi
  done
  die 'no free port found'
}

pid_alive() { [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }

running() {
  [ -f "$DIR/env" ] && pid_alive "$DIR/run/client.rgw.pid" && pid_alive "$DIR/run/osd.0.pid" &&
    pid_alive "$DIR/run/mon.a.pid"
}

ceph_cli() { timeout 30 ceph -c "$CONF" "$@"; }

start() {
  if running; then
    cat "$DIR/env"
    return
  fi
  for bin in ceph-mon ceph-osd radosgw radosgw-admin monmaptool ceph curl ss; do
    command -v "$bin" >/dev/null 2>&1 || die "$bin not found (apt-get install radosgw ceph-mon ceph-osd curl iproute2)"
  done
  stop_daemons
  rm -rf "$DIR"
  mkdir -p "$DIR"/{run,log,mon.a,osd.0,rgw}

  local mon_port rgw_port fsid osd_uuid access secret
  mon_port=$(free_port)
  rgw_port=$(free_port)
  [ "$mon_port" != "$rgw_port" ] || rgw_port=$(free_port)
  fsid=$(cat /proc/sys/kernel/random/uuid)
  osd_uuid=$(cat /proc/sys/kernel/random/uuid)
  access="KT$(head -c 9 /dev/urandom | od -An -tx1 | tr -d ' \n' | tr a-f A-F)"
  secret=$(head -c 30 /dev/urandom | base64 | tr -d '/+=' | head -c 40)

  # auth none inside the private cluster (loopback only); radosgw itself checks every S3 signature.
  # radosgw asks for a "secure" monitor connection by default, which needs cephx: crc instead.
  cat >"$CONF" <<EOF
[global]
fsid = $fsid
mon host = [v2:127.0.0.1:$mon_port]
ms bind msgr1 = false
ms mon client mode = crc
auth cluster required = none
auth service required = none
auth client required = none
osd pool default size = 1
osd pool default min size = 1
osd pool default pg num = 8
osd pool default pgp num = 8
osd pool default pg autoscale mode = off
mon allow pool size one = true
mon allow pool delete = true
mon warn on pool no redundancy = false
osd crush chooseleaf type = 0
osd objectstore = memstore
memstore device bytes = 2147483648
run dir = $DIR/run
admin socket = $DIR/run/\$name.\$pid.asok
log file = $DIR/log/\$name.log
pid file = $DIR/run/\$name.pid
mon data = $DIR/mon.\$id
osd data = $DIR/osd.\$id
keyring = $DIR/keyring

[client.rgw]
rgw frontends = beast endpoint=127.0.0.1:$rgw_port
rgw data = $DIR/rgw
rgw enable usage log = false
EOF
  ceph-authtool --create-keyring "$DIR/keyring" --gen-key -n mon. --cap mon 'allow *' >/dev/null
  monmaptool --create --addv a "[v2:127.0.0.1:$mon_port]" --fsid "$fsid" "$DIR/monmap" >/dev/null
  ceph-mon -c "$CONF" -i a --mkfs --monmap "$DIR/monmap" || die 'ceph-mon --mkfs failed'
  # The daemons must not inherit the lock's descriptor (9), or they would hold it while they run.
  ceph-mon -c "$CONF" -i a 9>&- || die 'ceph-mon did not start'
  ceph_cli mon stat >/dev/null || die 'the monitor does not answer'

  local osd_id
  osd_id=$(ceph_cli osd new "$osd_uuid") || die 'ceph osd new failed'
  [ "$osd_id" = 0 ] || die "unexpected OSD id $osd_id"
  ceph-osd -c "$CONF" -i 0 --mkfs --osd-uuid "$osd_uuid" >>"$DIR/log/mkfs.log" 2>&1 || die 'ceph-osd --mkfs failed'
  ceph-osd -c "$CONF" -i 0 >>"$DIR/log/osd.0.out" 2>&1 9>&- || die 'ceph-osd did not start'
  local up=0
  for _ in $(seq 1 60); do
    if ceph_cli osd stat 2>/dev/null | grep -q '1 up'; then
      up=1
      break
    fi
    sleep 0.5
  done
  [ "$up" = 1 ] || die 'the OSD did not come up in 30 s'

  radosgw -c "$CONF" -n client.rgw >>"$DIR/log/rgw.out" 2>&1 9>&- || die 'radosgw did not start'
  local endpoint="http://127.0.0.1:$rgw_port" answers=0
  for _ in $(seq 1 120); do
    if curl -fsS -m 2 -o /dev/null "$endpoint/" 2>/dev/null; then
      answers=1
      break
    fi
    sleep 0.5
  done
  [ "$answers" = 1 ] || die "radosgw does not answer on $endpoint after 60 s"

  timeout 60 radosgw-admin -c "$CONF" user create --uid=khai-tri --display-name='Khai Tri tests' \
    --access-key="$access" --secret-key="$secret" >/dev/null 2>>"$DIR/log/radosgw-admin.out" ||
    die 'radosgw-admin user create failed'
  # curl signs with SigV4 itself; S3 also wants the payload hash header (here: of an empty body).
  local status empty_sha=e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
  status=$(curl -sS -m 10 -o "$DIR/log/bucket.out" -w '%{http_code}' -X PUT -H "x-amz-content-sha256: $empty_sha" \
    --aws-sigv4 "aws:amz:$REGION:s3" --user "$access:$secret" "$endpoint/$BUCKET")
  [ "$status" = 200 ] || die "creating bucket $BUCKET answered $status: $(cat "$DIR/log/bucket.out")"
  # The server must refuse a request signed with the wrong secret, or it is no test of signing.
  status=$(curl -sS -m 10 -o "$DIR/log/wrong-secret.out" -w '%{http_code}' -H "x-amz-content-sha256: $empty_sha" \
    --aws-sigv4 "aws:amz:$REGION:s3" --user "$access:wrong-$secret" "$endpoint/$BUCKET")
  [ "$status" = 403 ] && grep -q SignatureDoesNotMatch "$DIR/log/wrong-secret.out" ||
    die "a request signed with a wrong secret answered $status, not 403 SignatureDoesNotMatch"

  cat >"$DIR/env.tmp" <<EOF
S3_ENDPOINT=$endpoint
S3_BUCKET=$BUCKET
S3_REGION=$REGION
S3_FORCE_PATH_STYLE=true
S3_ACCESS_KEY_ID=$access
S3_SECRET_ACCESS_KEY=$secret
EOF
  mv "$DIR/env.tmp" "$DIR/env"
  cat "$DIR/env"
}

stop_daemons() {
  local pids=()
  for name in client.rgw osd.0 mon.a; do
    local file="$DIR/run/$name.pid"
    if pid_alive "$file"; then
      pids+=("$(cat "$file")")
      kill "$(cat "$file")" 2>/dev/null || true
    fi
  done
  for pid in "${pids[@]}"; do
    for _ in $(seq 1 40); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.25
    done
    kill -9 "$pid" 2>/dev/null || true
  done
}

# One start or stop at a time per directory (test files may ask for the server together).
lock() {
  exec 9>"$DIR.lock"
  flock -w 120 9 || die "another start or stop holds $DIR.lock"
}

case "${1:-}" in
  start)
    lock
    start
    ;;
  env)
    running || die "not running (start it with: $0 start)"
    cat "$DIR/env"
    ;;
  stop)
    lock
    stop_daemons
    rm -rf "$DIR" "$DIR.lock"
    ;;
  *)
    echo "usage: $0 start|env|stop" >&2
    exit 2
    ;;
esac
