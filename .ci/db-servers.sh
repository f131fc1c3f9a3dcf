#!/usr/bin/env bash
# A throwaway PostgreSQL server for the database targets' tests and shipped configs.
#
#   .ci/db-servers.sh [start] [DIR] [PORT]   install Debian's postgresql when missing, create a cluster
#                                           under DIR (default /tmp/storagebench-pg) on first use, start
#                                           it on 127.0.0.1:PORT (default 55432), wait until it answers
#   .ci/db-servers.sh stop [DIR]            stop it (the cluster stays for the next start)
#   .ci/db-servers.sh destroy [DIR]         stop it and delete DIR
#
# `start` prints shell lines on stdout, so `eval "$(.ci/db-servers.sh start)"` sets
# STORAGEBENCH_PG_URL, STORAGEBENCH_PG_USER, STORAGEBENCH_PG_PASSWORD and
# STORAGEBENCH_PG_TABLESPACE_ROOT; progress goes to stderr. Idempotent: a running server is left as
# it is. Runs as root (initdb and pg_ctl run as the postgres user) or as postgres itself.
#
# The role `storagebench` is the cluster's superuser: creating tablespaces and ALTER SYSTEM (the
# file-init workload's wal_init_zero) need it. Its password is random, made on first start, kept in
# DIR/password (mode 600). The server listens on loopback only; the cluster is for tests, not data.
set -euo pipefail

cmd=start
case "${1:-}" in
  start|stop|destroy) cmd=$1; shift ;;
esac
dir=${1:-/tmp/storagebench-pg}
port=${2:-55432}
role=storagebench
data=$dir/data
socket=$dir/run
serverlog=$dir/log/server.log

log() { echo "db-servers: $*" >&2; }

as_postgres() {
  if [[ $(id -u) -eq 0 ]]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

bindir() {
  local found
  found=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
  [[ -n $found ]] && echo "$found"
}

install_postgres() {
  if [[ -n $(bindir) ]]; then
    return
  fi
  if [[ $(id -u) -ne 0 ]]; then
    log "PostgreSQL is not installed and installing it needs root"
    exit 1
  fi
  log "installing Debian's postgresql"
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -q postgresql >&2 || { apt-get update -q >&2 && apt-get install -y -q postgresql >&2; }
}

running() {
  [[ -f $data/PG_VERSION ]] && as_postgres "$(bindir)/pg_ctl" -D "$data" status >/dev/null 2>&1
}

create_cluster() {
  mkdir -p "$dir"
  chmod 755 "$dir"
  if [[ ! -s $dir/password ]]; then
    (umask 077; head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$dir/password")
  fi
  if [[ -f $data/PG_VERSION ]]; then
    return
  fi
  log "creating a cluster in $data"
  mkdir -p "$data" "$socket" "$dir/log" "$dir/tablespaces"
  chown postgres: "$data" "$socket" "$dir/log" "$dir/tablespaces" 2>/dev/null || true
  chmod 700 "$data"
  local pwfile
  pwfile=$(mktemp)
  cp "$dir/password" "$pwfile"
  chown postgres: "$pwfile" 2>/dev/null || true
  as_postgres "$(bindir)/initdb" -D "$data" -U "$role" --pwfile="$pwfile" --auth-host=scram-sha-256 \
    --auth-local=trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
    || { rm -f "$pwfile"; cat "$dir/initdb.log" >&2; exit 1; }
  rm -f "$pwfile"
  cat >>"$data/postgresql.conf" <<EOF

# storagebench: a throwaway test cluster, loopback only
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = '$socket'
track_io_timing = on
track_wal_io_timing = on
max_connections = 50
EOF
}

start() {
  install_postgres
  if running; then
    log "already running ($data)"
  else
    create_cluster
    sed -i "s/^port = .*/port = $port/" "$data/postgresql.conf"
    log "starting on 127.0.0.1:$port"
    as_postgres "$(bindir)/pg_ctl" -D "$data" -l "$serverlog" -w -t 60 start >&2 \
      || { tail -20 "$serverlog" >&2; exit 1; }
  fi
  local i
  for i in $(seq 1 60); do
    if "$(bindir)/pg_isready" -q -h 127.0.0.1 -p "$port"; then
      break
    fi
    sleep 1
  done
  "$(bindir)/pg_isready" -q -h 127.0.0.1 -p "$port" || { log "no answer on 127.0.0.1:$port"; exit 1; }
  as_postgres "$(bindir)/psql" -h "$socket" -p "$port" -U "$role" -d postgres -qAt \
    -c "SELECT 1 FROM pg_database WHERE datname = '$role'" | grep -q 1 \
    || as_postgres "$(bindir)/createdb" -h "$socket" -p "$port" -U "$role" "$role"
  log "ready: jdbc:postgresql://127.0.0.1:$port/$role"
  echo "export STORAGEBENCH_PG_URL='jdbc:postgresql://127.0.0.1:$port/$role'"
  echo "export STORAGEBENCH_PG_USER='$role'"
  echo "export STORAGEBENCH_PG_PASSWORD='$(cat "$dir/password")'"
  echo "export STORAGEBENCH_PG_TABLESPACE_ROOT='$dir/tablespaces'"
}

stop() {
  if [[ -n $(bindir) ]] && running; then
    as_postgres "$(bindir)/pg_ctl" -D "$data" -m fast -w stop >&2
  else
    log "not running ($data)"
  fi
}

case $cmd in
  start) start ;;
  stop) stop ;;
  destroy) stop; rm -rf "$dir" ;;
esac
